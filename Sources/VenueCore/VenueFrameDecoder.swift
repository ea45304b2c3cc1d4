import WireJSON

/// A venue's frame decoder: one frame's bytes in, `VenueEvent`s appended to a batch. `decode`
/// takes a frame whole or not at all: on an error nothing of the frame stays in the batch.
public protocol VenueFrameDecoder: Sendable {
  /// Appends the frame's events; on a throw it may have appended some (`decode` takes them back).
  func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch)
    throws(WireError)
}

extension VenueFrameDecoder {
  /// Decodes one frame into `batch` (appending), all or nothing, stamping it with `receivedAt`
  /// (local monotonic nanoseconds).
  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    let before = batch.counts
    do throws(WireError) {
      try decodeFrame(frame, receivedAt: receivedAt, into: &batch)
    } catch {
      batch.truncate(to: before)
      throw error
    }
  }

  /// Decodes a frame held in an array (tests and replay).
  public func decode(_ frame: [UInt8], receivedAt: Int64, into batch: inout VenueBatch) throws(WireError) {
    let result: Result<Void, WireError> = frame.withUnsafeBufferPointer { bytes in
      do throws(WireError) {
        try decode(bytes, receivedAt: receivedAt, into: &batch)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
