/// The overlays' own state, read where it is open and changed in place.
extension AppState {
  /// The symbol picker while it is open.
  public var picker: PickerState? {
    if case .picker(let picker)? = overlay { return picker }
    return nil
  }

  /// The order ticket while it is open, or under the help opened from it.
  public var ticket: TicketState? { overlay?.ticket }

  /// The `a` prompt's text while it is open.
  public var alertPrompt: String? {
    if case .alertPrompt(let text)? = overlay { return text }
    return nil
  }

  /// Changes the open picker; nothing when it is not open.
  mutating func changePicker(_ change: (inout PickerState) -> Void) {
    guard case .picker(var picker)? = overlay else { return }
    change(&picker)
    overlay = .picker(picker)
  }

  /// Changes the open ticket where it is (open, or under the help); nothing when none is open.
  mutating func changeTicket(_ change: (inout TicketState) -> Void) {
    switch overlay {
    case .ticket(var ticket)?:
      change(&ticket)
      overlay = .ticket(ticket)
    case .help(let page, var ticket?)?:
      change(&ticket)
      overlay = .help(page: page, ticket: ticket)
    default: return
    }
  }
}
