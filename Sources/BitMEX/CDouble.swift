#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's correctly rounded decimal-to-double conversion, for the rare number
/// the scanner's exact fast path cannot take.
@inline(never)
func parseCDouble(_ text: UnsafePointer<CChar>) -> Double {
  strtod(text, nil)
}
