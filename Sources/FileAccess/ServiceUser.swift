import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Whether another user (the one the service runs as) can read a file: `bannerd check` run by an operator sees
/// files the operator owns, while the service, as user bannerd, may not. The kernel's rule for a read, checked
/// on the file and on every folder above it (search permission), from the owner, group and mode `stat` gives;
/// ACLs and capabilities are not looked at (the service has none).
public struct ServiceUser: Sendable {
    public let name: String
    public let uid: UInt32
    /// The primary group and every supplementary one (the unit's SupplementaryGroups are the user's groups in
    /// sysusers.d: video, input, render).
    public let groups: Set<UInt32>

    public init(name: String, uid: UInt32, groups: Set<UInt32>) {
        self.name = name
        self.uid = uid
        self.groups = groups
    }

    /// The user called `name` from the password and group databases (getpwnam_r, getgrouplist); nil when there is
    /// no such user.
    public static func lookUp(_ name: String) -> ServiceUser? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        // -1 with `count` raised to what is needed; a -1 that does not raise it (out of memory) ends the look-up.
        while getgrouplist(name, entry.pw_gid, &groups, &count) < 0 {
            guard Int(count) > groups.count else { return nil }
            groups = [gid_t](repeating: 0, count: Int(count))
        }
        return ServiceUser(name: name, uid: entry.pw_uid, groups: Set(groups.prefix(Int(count))).union([entry.pw_gid]))
    }

    /// What stops this user from reading `path`, nil when nothing does: the first folder it may not search, or
    /// the file it may not read, with owner and mode.
    public func readProblem(_ path: String) -> String? {
        // The real path: a relative one would skip the folders above the working directory, a symlink its target's.
        guard let real = realpath(path, nil) else { return nil }  // missing: reported elsewhere
        let resolved = String(cString: real)
        free(real)
        var folders: [String] = []
        var prefix = ""
        for part in resolved.split(separator: "/").dropLast() {
            prefix += "/" + part
            folders.append(prefix)
        }
        for folder in folders {
            guard let status = Self.status(folder) else { continue }  // unreadable to us too: reported elsewhere
            if !allows(status, bit: 0o1) { return "\(name) cannot open folder \(folder) (\(Self.describe(status)))" }
        }
        guard let status = Self.status(resolved) else { return nil }
        return allows(status, bit: 0o4) ? nil : "\(name) cannot read it (\(Self.describe(status)))"
    }

    /// The kernel's check: owner bits for the owner, else group bits for a member, else the others' bits.
    public func allows(_ status: (owner: UInt32, group: UInt32, mode: UInt32), bit: UInt32) -> Bool {
        if uid == 0 { return true }
        if status.owner == uid { return status.mode & (bit << 6) != 0 }
        if groups.contains(status.group) { return status.mode & (bit << 3) != 0 }
        return status.mode & bit != 0
    }

    private static func status(_ path: String) -> (owner: UInt32, group: UInt32, mode: UInt32)? {
        var info = stat()
        guard repeatWhileInterrupted({ stat(path, &info) }) == 0 else { return nil }
        return (info.st_uid, info.st_gid, info.st_mode & 0o7777)
    }

    private static func describe(_ status: (owner: UInt32, group: UInt32, mode: UInt32)) -> String {
        "owner \(userName(status.owner)), group \(groupName(status.group)), mode \(String(status.mode, radix: 8))"
    }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        return String(cString: name)
    }

    private static func groupName(_ gid: UInt32) -> String {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return String(gid) }
        return String(cString: name)
    }
}
