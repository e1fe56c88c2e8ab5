import FileAccess

/// The open file's reads for the decoders, whose failures are image errors naming the file.
extension OpenFile {
    /// Up to `count` bytes from `offset`, fewer at the end of the file.
    func imageBytes(count: Int = OpenFile.chunkBytes, at offset: Int) throws(ImageError) -> [UInt8] {
        do {
            return try read(count: count, at: offset)
        } catch {
            throw ImageError(error, path: path)
        }
    }

    /// The whole file, within `LocalFiles.defaultMaxBytes`.
    func allImageBytes() throws(ImageError) -> [UInt8] {
        do {
            return try readAll()
        } catch {
            throw ImageError(error, path: path)
        }
    }
}

extension [UInt8] {
    /// The bytes in memory as the decoders read a file: `OpenFile.chunkBytes` from `offset`, fewer at the end.
    func imageChunk(at offset: Int) -> [UInt8] {
        let start = Swift.min(offset, count)
        return Array(self[start..<Swift.min(start + OpenFile.chunkBytes, count)])
    }
}
