/// What is drawn over the screen and takes the keys before it: one at a time, each with its own
/// state, so that no two can be open at once (the help opened from the ticket holds the ticket,
/// which is back when the help closes).
public enum AppOverlay: Sendable, Hashable {
  /// The key list (`?`) at `page` (Space turns it); `ticket` is the ticket it was opened over.
  case help(page: Int, ticket: TicketState?)
  /// The symbol picker (`s`, and `|` for the split view's second book).
  case picker(PickerState)
  /// The order ticket (`o`).
  case ticket(TicketState)
  /// The chart chooser (`C`): the next key picks a chart (`ChartChoice`).
  case chartMenu
  /// The `a` prompt for an alert, with its text.
  case alertPrompt(String)
  /// The `A` list of the alerts, with its cursor.
  case alertList(selected: Int)
  /// `q` asks before quitting (`confirm-quit` in the config): the next key answers.
  case quitQuestion

  /// The help's page while it is open.
  public var helpPage: Int? {
    if case .help(let page, _) = self { return page }
    return nil
  }

  /// The ticket, open or under the help.
  public var ticket: TicketState? {
    switch self {
    case .ticket(let ticket): ticket
    case .help(_, let ticket): ticket
    default: nil
    }
  }

  /// What stays open when another market comes on screen (`App.enterMarket`): the picker and
  /// the ticket were for the old one and close (a help over the ticket stays, without it).
  var withoutMarket: AppOverlay? {
    switch self {
    case .picker, .ticket: nil
    case .help(let page, _): .help(page: page, ticket: nil)
    case .chartMenu, .alertPrompt, .alertList, .quitQuestion: self
    }
  }

  /// Whether it covers the panes' cells (the picker, the help, the ticket and the alerts list
  /// are drawn over them; the chooser, the prompt and the quit question live in the chart's
  /// title and the status line).
  var coversPanes: Bool {
    switch self {
    case .help, .picker, .ticket, .alertList: true
    case .chartMenu, .alertPrompt, .quitQuestion: false
    }
  }
}
