import MarketModel

/// The recording format `tradeterm --record` writes (version 2), in one place for the writer
/// (`Feed`'s `FrameRecorder`) and the readers (`RecordedLine`, and through it `ReplayPlayer` and
/// `tradeterm-sim --replay`):
///
///     # tradeterm recording 2
///     <Unix seconds with fraction> <venue> <frame, byte for byte>
///
/// e.g. `1626993368.001705 bitmex {"table":"trade",…}`. The venue is `Venue`'s name (the one
/// `tradeterm venues` lists). The header is a `#` line, which every reader skips, older ones too;
/// but a reader of version 1 takes the tag for the start of the frame, so to an older tradeterm
/// every tagged line is a bad line. A recording appended to (`--record` of an existing file) has a
/// header at each start: readers take the format line by line, so versions may even be mixed.
///
/// Version 1 (before the venue tag: `<time> <frame>`), plain JSONL, cryptofeed's `<time>: <frame>`
/// and the hftbacktest collector's `<nanoseconds> <frame>` are read too (`RecordedLine`).
public enum RecordingFormat {
  /// The format `FrameRecorder` writes.
  public static let version = 2
  /// The first line of a version 2 recording, with its newline.
  public static let header = "# tradeterm recording \(version)\n"
}
