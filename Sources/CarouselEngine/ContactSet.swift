/// Identifies one contact: a touch slot, or the mouse acting as a finger.
public enum ContactID: Equatable, Sendable {
    case touch(slot: Int)
    case pointer
}

/// The contacts currently down, in the order they touched (the first one drives the carousel).
///
/// Storage is reserved once; touch panels report ten slots at most, so nothing allocates per event.
struct ContactSet: Sendable {
    struct Contact: Sendable {
        var id: ContactID
        var position: PixelPoint
        var millimetres: MillimetrePoint?
    }

    private(set) var contacts: [Contact] = []

    init() {
        contacts.reserveCapacity(16)
    }

    var isEmpty: Bool { contacts.isEmpty }
    var first: Contact? { contacts.first }

    func contact(_ id: ContactID) -> Contact? {
        contacts.first { $0.id == id }
    }

    /// Adds a contact, or moves it if the device reported a down twice.
    mutating func touchDown(_ id: ContactID, at position: PixelPoint, millimetres: MillimetrePoint?) {
        if let index = contacts.firstIndex(where: { $0.id == id }) {
            contacts[index].position = position
            contacts[index].millimetres = millimetres
        } else {
            contacts.append(Contact(id: id, position: position, millimetres: millimetres))
        }
    }

    /// Records a motion; returns false for a contact that is not down (a stray event).
    mutating func move(_ id: ContactID, to position: PixelPoint, millimetres: MillimetrePoint?) -> Bool {
        guard let index = contacts.firstIndex(where: { $0.id == id }) else { return false }
        contacts[index].position = position
        contacts[index].millimetres = millimetres
        return true
    }

    /// Removes a contact; returns it, or nil if it was not down.
    mutating func lift(_ id: ContactID) -> Contact? {
        guard let index = contacts.firstIndex(where: { $0.id == id }) else { return nil }
        return contacts.remove(at: index)
    }

    mutating func removeAll() {
        contacts.removeAll(keepingCapacity: true)
    }
}
