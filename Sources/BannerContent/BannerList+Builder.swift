extension BannerList {
    /// Builds a list banner by banner, storing each distinct string, set of attributes and pattern once. The lookup
    /// tables go with the builder: the list keeps only its storage. Offsets are 32-bit: up to 4 GiB of text (a
    /// manifest is at most 4 MiB).
    struct Builder {
        private(set) var list = BannerList()
        /// Open addressing over the string numbers (plus one; 0 is a free slot), hashed by their bytes: keyed by
        /// `String`, strings equal by Unicode rules but of different bytes would share storage.
        private var slots: [UInt32] = []
        private var attributeNumbers: [Attributes: UInt32] = [:]
        private var patternNumbers: [BannerPattern: UInt32] = [:]

        mutating func append(_ banner: Banner) {
            let (kind, artwork): (ArtworkKind, UInt32)
            switch banner.artwork {
            case .none: (kind, artwork) = (.none, 0)
            case .file(let path): (kind, artwork) = (.file, intern(path))
            case .pattern(let pattern):
                (kind, artwork) = (.pattern, Self.number(of: pattern, &list.patterns, &patternNumbers))
            }
            let shared = Attributes(
                background: banner.background, textColor: banner.textColor, duration: banner.duration,
                artworkKind: kind, hasAction: banner.action != nil, schedule: banner.schedule,
                direction: banner.direction, loop: banner.loop)
            if let action = banner.action {
                list.actionStrings.append(intern(action.name))
                for parameter in action.parameters {
                    list.actionStrings.append(intern(parameter.name))
                    list.actionStrings.append(intern(parameter.value))
                }
            }
            let record = Record(
                id: intern(banner.id), title: intern(banner.title), subtitle: intern(banner.subtitle), artwork: artwork,
                attributes: Self.number(of: shared, &list.attributes, &attributeNumbers),
                actionEnd: UInt32(list.actionStrings.count))
            list.records.append(record)
        }

        /// `value`'s number in `values`, appended on first use.
        private static func number<Value: Hashable>(
            of value: Value, _ values: inout [Value], _ numbers: inout [Value: UInt32]
        ) -> UInt32 {
            if let number = numbers[value] { return number }
            let number = UInt32(values.count)
            values.append(value)
            numbers[value] = number
            return number
        }

        /// The number of `string`, whose bytes are stored on first use.
        private mutating func intern(_ string: String) -> UInt32 {
            var string = string
            return string.withUTF8 { intern($0) }
        }

        private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            // At most half full, so probes stay short.
            if 2 * (list.stringEnds.count + 1) > slots.count { rehash(capacity: Swift.max(64, 2 * slots.count)) }
            var slot = Self.hash(bytes) & (slots.count - 1)
            while slots[slot] != 0 {
                let number = slots[slot] - 1
                if list.text[list.utf8(number)].elementsEqual(bytes) { return number }
                slot = (slot + 1) & (slots.count - 1)
            }
            let number = UInt32(list.stringEnds.count)
            list.text.append(contentsOf: bytes)
            list.stringEnds.append(UInt32(list.text.count))
            slots[slot] = number + 1
            return number
        }

        private mutating func rehash(capacity: Int) {
            slots = [UInt32](repeating: 0, count: capacity)
            list.text.withUnsafeBufferPointer { text in
                for number in list.stringEnds.indices {
                    let range = list.utf8(UInt32(number))
                    var slot = Self.hash(UnsafeBufferPointer(rebasing: text[range])) & (capacity - 1)
                    while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                    slots[slot] = UInt32(number) + 1
                }
            }
        }

        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }
}
