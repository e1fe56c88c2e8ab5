/// TOML's rules on defining tables and keys, checked statement by statement over the names alone: a key
/// given twice, a table defined twice, `[[a]]` after `[a]` or after `a = […]`, dotted keys adding to a table
/// a header defined, a header redefining a table dotted keys made, anything reaching into an inline table.
///
/// Only the names of the tables still open to statements are kept: a new `[[banner]]` element lets go of the
/// previous one's, so a manifest of any number of banners is checked in the memory of one.
struct TOMLTableRules {
    private final class Node {
        enum Kind {
            /// A key's value: a string, number, array, inline table…; nothing may be added to it.
            case value
            case table(TOMLTable.Definition)
            /// `[[name]]`, and its last element (the only one later statements can reach).
            case arrayOfTables(Node)
        }

        var kind: Kind
        var children: [String: Node] = [:]
        /// Where the name was defined, for "first on line …".
        var position: TOMLPosition

        init(_ kind: Kind, at position: TOMLPosition) {
            self.kind = kind
            self.position = position
        }
    }

    private let root = Node(.table(.header), at: TOMLPosition(line: 1, column: 1))
    private var current: Node
    /// False after a rejected header, until the next header: its keys are checked but belong nowhere.
    private(set) var isAttached = true

    init() {
        current = root
    }

    /// Checks `statement` and records what it defines.
    mutating func check(_ statement: TOMLStatement) throws(TOMLSyntaxError) {
        switch statement {
        case .table(let header):
            detach(at: header.position)
            current = try open(header)
            isAttached = true
        case .keyValue(let pair):
            try define(pair)
        }
    }

    /// After a header that was rejected or could not be read: its keys go to a table of their own, so their own
    /// mistakes are still found but they add to no table.
    mutating func detach(at position: TOMLPosition) {
        current = Node(.table(.header), at: position)
        isAttached = false
    }

    private func open(_ header: TOMLHeader) throws(TOMLSyntaxError) -> Node {
        var node = root
        for (i, key) in header.keys.enumerated() {
            guard let child = node.children[key.name] else {
                let isLast = i == header.keys.count - 1
                let made = Node(
                    isLast ? .table(.header) : .table(.implicit), at: isLast ? header.position : key.position)
                node.children[key.name] = made
                node = made
                if isLast && header.isArray {
                    let element = Node(.table(.header), at: header.position)
                    made.kind = .arrayOfTables(element)
                    node = element
                }
                continue
            }
            let line = child.position.line
            guard i == header.keys.count - 1 else {
                switch child.kind {
                case .table: node = child
                case .arrayOfTables(let element): node = element
                case .value:
                    throw TOMLSyntaxError(
                        at: header.position,
                        "\(header.written) reaches into key \"\(key.name)\", a value defined on line \(line)")
                }
                continue
            }
            switch (child.kind, header.isArray) {
            case (.table(.implicit), false):
                child.kind = .table(.header)
                child.position = header.position
                return child
            case (.arrayOfTables, true):
                let element = Node(.table(.header), at: header.position)
                child.kind = .arrayOfTables(element)
                return element
            case (.table(.header), false), (.table(.inline), false):
                throw TOMLSyntaxError(
                    at: header.position, "table \(header.written) is defined twice (first on line \(line))")
            case (.table(.dotted), false):
                throw TOMLSyntaxError(
                    at: header.position, "table \(header.written) was already defined by dotted keys on line \(line)")
            case (.arrayOfTables, false), (.table, true):
                throw TOMLSyntaxError(
                    at: header.position,
                    "\(header.written) clashes with \(header.isArray ? "[" : "[[")\(header.name)\(header.isArray ? "]" : "]]") on line \(line)"
                )
            case (.value, _):
                throw TOMLSyntaxError(
                    at: header.position,
                    "\(header.written) redefines key \"\(key.name)\", a value defined on line \(line)")
            }
        }
        return node
    }

    private func define(_ pair: TOMLKeyValue) throws(TOMLSyntaxError) {
        var node = current
        var key = pair.key
        for next in pair.dotted {
            if let child = node.children[key.name] {
                guard case .table(.dotted) = child.kind else {
                    throw TOMLSyntaxError(
                        at: key.position,
                        "key \"\(key.name)\" was defined on line \(child.position.line); a dotted key cannot add to it")
                }
                node = child
            } else {
                let made = Node(.table(.dotted), at: key.position)
                node.children[key.name] = made
                node = made
            }
            key = next
        }
        if let earlier = node.children[key.name] {
            throw TOMLSyntaxError(
                at: key.position, "duplicate key \"\(key.name)\" (first on line \(earlier.position.line))")
        }
        node.children[key.name] = Node(.value, at: key.position)
    }
}
