/// Rule L2 of the Unicode Bidirectional Algorithm (UAX #9) over runs of one level each: from the highest level
/// down to the lowest odd one, every maximal sequence of runs at that level or above is reversed. Pure.
public enum BidiReorder {
    /// The indices of runs with `levels` (in logical order) in the order they appear left to right.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
