import CCurl

/// A flag one thread raises to interrupt another's blocking libcurl call (a connect, an
/// upgrade, a REST request): libcurl's progress callback reads it and aborts.
public final class AbortSignal: @unchecked Sendable {
  // Accessed only through atomic loads and stores (the shim's tt_flag_*).
  let flag: UnsafeMutablePointer<Int32>

  public init() {
    flag = .allocate(capacity: 1)
    flag.initialize(to: 0)
  }

  deinit { flag.deallocate() }

  /// Interrupts whatever is blocking on this signal now and from now on.
  public func raise() { tt_flag_store(flag, 1) }

  public var isRaised: Bool { tt_flag_load(flag) != 0 }
}
