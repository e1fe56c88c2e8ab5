/// What each strip holds and which one to compose next: the panning decisions, in plain values.
///
/// A strip is written only while it is neither on screen nor in flight (`busy`) and never shown while it is being
/// written (`composing`): the composing thread and the display never meet in one strip.
public struct StripSlots: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case empty
        /// Being composed off the loop; shown only once `composed` says it is done.
        case composing(StripContent)
        case ready(StripContent)
    }

    public private(set) var states: [State]

    public init(count: Int) {
        states = Array(repeating: .empty, count: count)
    }

    /// The strip that holds `content`, ready to show.
    public func ready(_ content: StripContent) -> Int? {
        states.firstIndex(of: .ready(content))
    }

    /// Claims a strip to compose `content` into and marks it composing: one neither `busy` (on screen or in
    /// flight) nor composing, nor holding one of `keep` (what is wanted besides); an empty one first. nil when a
    /// strip holds or composes `content` already, or none may be written now.
    public mutating func claim(_ content: StripContent, keep: [StripContent], busy: (Int) -> Bool) -> Int? {
        guard !states.contains(.ready(content)), !states.contains(.composing(content)) else { return nil }
        let free = states.indices.filter { !busy($0) }
        let replaceable = free.first { slot in
            if case .ready(let held) = states[slot] { return !keep.contains(held) }
            return false
        }
        let chosen = free.first { states[$0] == .empty } ?? replaceable
        if let chosen { states[chosen] = .composing(content) }
        return chosen
    }

    /// The composition of `content` into `slot` is done: the strip may be shown.
    public mutating func composed(_ slot: Int, content: StripContent) {
        guard states.indices.contains(slot), states[slot] == .composing(content) else { return }
        states[slot] = .ready(content)
    }
}
