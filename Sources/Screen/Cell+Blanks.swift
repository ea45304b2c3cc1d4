extension Cell {
  /// The style bits a blank shows: reversed, it is a block of its colour; underlined, a line.
  /// Every other bit (the colour, bold, dim) changes nothing a blank looks like.
  public static let blankShownStyleBits = UInt64(Style.reverseBit | Style.underlineBit) << 32

  /// Gives every blank of a row whose style shows nothing (`blankShownStyleBits` clear) the
  /// style of the cell before it, as drawn (a plain style at the row's start), when that style
  /// shows nothing on a blank either. The row looks the same; what changes is what the terminal
  /// is sent: a gap between two fields of one colour (`BUY  98,003.0  100` in the tape) no
  /// longer switches to plain and back, and each switch is an attribute sequence ncurses builds
  /// and sends (about half of a streaming frame's sequences before this).
  ///
  /// `keys` holds `count` cell keys (`Cell.key`), settled in place.
  public static func settleBlanks(_ keys: UnsafeMutablePointer<UInt64>, count: Int) {
    let styleBits: UInt64 = 0xFFFF << 32
    let keepsOwn = blankShownStyleBits | wideBit | continuationBit
    var carried: UInt64 = 0
    for i in 0..<count {
      let key = keys[i]
      if key & 0xFFFF_FFFF == 0x20, key & keepsOwn == 0, carried & blankShownStyleBits == 0 {
        keys[i] = key & ~styleBits | carried
      } else {
        carried = key & styleBits
      }
    }
  }
}
