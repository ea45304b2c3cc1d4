extension Style {
  /// The same style, bold.
  public var bolded: Style {
    var s = self
    s.bold = true
    return s
  }

  /// The same style in reverse video (visible without any colour).
  public var reversed: Style {
    var s = self
    s.reverse = true
    return s
  }
}
