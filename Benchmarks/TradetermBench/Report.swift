import Foundation

/// The figures of a run, printed as one table and written to BENCHMARKS.md.
struct Report {
  enum Verdict: String {
    case pass = "pass"
    case miss = "MISS"
    case info = ""
  }

  struct Row {
    var figure: String
    var value: String
    var budget: String
    var verdict: Verdict
  }

  var rows: [Row] = []
  var notes: [String] = []

  mutating func add(_ figure: String, _ value: String, budget: String = "", _ verdict: Verdict = .info) {
    rows.append(Row(figure: figure, value: value, budget: budget, verdict: verdict))
  }

  var table: String {
    let w0 = max(6, rows.map(\.figure.count).max() ?? 0)
    let w1 = max(5, rows.map(\.value.count).max() ?? 0)
    let w2 = max(6, rows.map(\.budget.count).max() ?? 0)
    func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
    var out = "| \(pad("figure", w0)) | \(pad("value", w1)) | \(pad("budget", w2)) | mark |\n"
    out += "|\(String(repeating: "-", count: w0 + 2))|\(String(repeating: "-", count: w1 + 2))|"
    out += "\(String(repeating: "-", count: w2 + 2))|------|\n"
    for r in rows {
      out +=
        "| \(pad(r.figure, w0)) | \(pad(r.value, w1)) | \(pad(r.budget, w2)) | \(pad(r.verdict.rawValue, 4)) |\n"
    }
    return out
  }

  /// The machine: CPU model, cores, memory, kernel.
  static var machine: String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
      ?? "unknown CPU"
    let memory =
      ((try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? "").split(separator: "\n").first
      .map { String($0).replacingOccurrences(of: "MemTotal:", with: "").trimmingCharacters(in: .whitespaces) }
      ?? "?"
    var u = utsname()
    uname(&u)
    let kernel = withUnsafeBytes(of: &u.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) RAM, Linux \(kernel)"
  }

  func markdown(date: String) -> String {
    var out = "# Benchmarks\n\n"
    out += "Written by `make bench` (release build). The engine figures run on one thread, each in the\n"
    out += "same run as its baseline; the system figures run the real threads, processes and tmux.\n"
    out += "Budgets are from the issues. Re-run to refresh.\n\n"
    out += "- date: \(date)\n- machine: \(Report.machine)\n\n"
    out += table
    if !notes.isEmpty {
      out += "\n" + notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
    }
    return out
  }
}

extension Double {
  /// `1234567.8` → `1,234,568`.
  var grouped: String {
    let n = Int(self.rounded())
    let s = String(abs(n))
    var out = ""
    for (i, c) in s.enumerated() {
      if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (n < 0 ? "-" : "") + out
  }

  func fixed(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}
