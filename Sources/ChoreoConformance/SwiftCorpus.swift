import Foundation
import SwiftParser
import SwiftSyntax

/// The Swift code `journey conformance` reads: the files of a module (or the Swift blocks of design documents),
/// parsed once, with every type's declarations (the type and its extensions) indexed by name.
public struct SwiftCorpus: Sendable {
    /// One parsed file or Markdown block.
    public struct File: Sendable {
        /// The path the report prints (`file:line`).
        public var path: String
        /// Added to a line of the parsed text to give its line in ``path`` (a Markdown block's first line).
        public var lineOffset: Int
        /// The heading of the Markdown section the block sits in (nil for a Swift file).
        public var heading: String?
        /// The module the file belongs to: a SwiftPM target (the folder under `Sources/`) or an app folder (the
        /// folder under the directory given); nil for a design document's block or a file added as text.
        public var module: String?
        public var tree: SourceFileSyntax
        var converter: SourceLocationConverter

        init(
            path: String, text: String, lineOffset: Int = 0, heading: String? = nil, module: String? = nil,
            cache: ParseCache? = nil
        ) {
            self.path = path
            self.lineOffset = lineOffset
            self.heading = heading
            self.module = module
            if let parsed = cache?.parsed(text) {
                (tree, converter) = (parsed.tree, parsed.converter)
            } else {
                tree = Parser.parse(source: text)
                converter = SourceLocationConverter(fileName: path, tree: tree)
            }
        }

        /// The line of a node in ``path``.
        func line(of node: some SyntaxProtocol) -> Int {
            node.startLocation(converter: converter, afterLeadingTrivia: true).line + lineOffset
        }
    }

    public private(set) var files: [File] = []
    /// Every declaration of a type (struct, class, enum, actor, protocol, extension), by the type's name.
    var types: [String: [(file: Int, decl: DeclGroupSyntax)]] = [:]
    /// Each file's index, by its tree's root.
    private var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    /// The files read, by their standardized absolute path: a file given twice is read once.
    private var read: Set<String> = []

    public init() {}

    /// Adds a file's text (`module`: the target or app folder it belongs to, when known; `cache`: parses to reuse).
    public mutating func add(
        path: String, text: String, lineOffset: Int = 0, heading: String? = nil, module: String? = nil,
        cache: ParseCache? = nil
    ) {
        var file = File(
            path: path, text: text, lineOffset: lineOffset, heading: heading, module: module, cache: cache)
        if fileOfRoot[file.tree.id] != nil {
            // Two files of the same text: each its own tree, so a node's file is known.
            file = File(path: path, text: text, lineOffset: lineOffset, heading: heading, module: module)
        }
        let index = files.count
        files.append(file)
        fileOfRoot[file.tree.id] = index
        let collector = TypeCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        for (name, decl) in collector.found { types[name, default: []].append((index, decl)) }
    }

    /// The declarations of `type` in `module` when it has any (a type of the same name in another target or app is
    /// another type), else every module's.
    func declarations(of type: String, in module: String?) -> [(file: Int, decl: DeclGroupSyntax)] {
        let all = types[type] ?? []
        guard let module else { return all }
        let own = all.filter { files[$0.file].module == module }
        return own.isEmpty ? all : own
    }

    /// The modules that declare `type` itself (a struct, class, enum or actor, not an extension), in path order.
    func declaringModules(of type: String) -> [String] {
        var modules: [String] = []
        // A design document's block belongs to no module: it is the design of whichever declares the type.
        for entry in types[type] ?? [] where !entry.decl.is(ExtensionDeclSyntax.self) {
            guard let module = files[entry.file].module, !modules.contains(module) else { continue }
            modules.append(module)
        }
        return modules
    }

    /// The module a node's file belongs to.
    func module(of node: some SyntaxProtocol) -> String? {
        file(of: node)?.module
    }

    /// The file a node was parsed from.
    func file(of node: some SyntaxProtocol) -> File? {
        fileOfRoot[node.root.id].map { files[$0] }
    }

    /// Where a node is written, `path:line`.
    func location(of node: some SyntaxProtocol) -> CodeLocation {
        guard let file = file(of: node) else { return CodeLocation(path: "?", line: 0) }
        return CodeLocation(path: file.path, line: file.line(of: node))
    }

    /// Folders of code that is not the app's: build products and vendored dependencies (SwiftPM's `.build` with its
    /// `checkouts`, CocoaPods' `Pods`, Carthage's `Carthage`, `DerivedData`, `.swiftpm`): skipped in a directory.
    public static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", ".swiftpm", ".git"]

    /// Every `.swift` file under `directory` (recursively, in path order), or the file itself, leaving out the
    /// ``skippedFolders`` and the folders named in `exclude` (a folder name anywhere under it, or a path relative to
    /// it). Paths under the current directory are reported relative to it (as GitHub's annotations want them).
    public mutating func addSwiftSources(
        at path: String, exclude: [String] = [], cache: ParseCache? = nil
    ) throws(ConformanceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path)
        }
        var paths: [(path: String, module: String)] = []
        let root = URL(fileURLWithPath: path).standardizedFileURL
        if isDirectory.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: path)
            let excluded = Set(exclude.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
            while let relative = enumerator?.nextObject() as? String {
                let components = relative.split(separator: "/").map(String.init)
                let folders = components.dropLast()
                if folders.contains(where: { Self.skippedFolders.contains($0) || excluded.contains($0) })
                    || excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") })
                {
                    continue
                }
                if relative.hasSuffix(".swift") {
                    paths.append(
                        (
                            (path as NSString).appendingPathComponent(relative),
                            Self.module(of: Array(folders), under: root.pathComponents)
                        ))
                }
            }
            paths.sort { $0.path < $1.path }
        } else {
            guard path.hasSuffix(".swift") else { throw .notSwift(path) }
            let folders = Array(root.deletingLastPathComponent().pathComponents)
            paths = [(path, Self.module(of: [], under: folders))]
        }
        for (file, module) in paths where firstReading(file) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw .unreadable(file) }
            if let line = Self.conflictMarkerLine(text) { throw .conflictMarkers(Self.displayed(file), line: line) }
            add(path: Self.displayed(file), text: text, module: module, cache: cache)
        }
    }

    /// The module of a file in `folders` (relative to the directory given, whose absolute components are `root`):
    /// the folder after the last `Sources` (a SwiftPM target), else the first folder (an app folder such as
    /// `PulseApp`), else the target or folder the directory itself is.
    static func module(of folders: [String], under root: [String]) -> String {
        let path = root + folders
        if let sources = path.lastIndex(of: "Sources") {
            // `Sources/NAME/…` (SwiftPM), or `NAME/Sources/…` (Tuist, XcodeGen).
            if sources + 1 < path.count { return path[sources + 1] }
            if sources > 0 { return path[sources - 1] }
        }
        return folders.first ?? root.last ?? ""
    }

    /// The 1-based line of the first merge-conflict marker (`<<<<<<< `, `=======`, `>>>>>>> ` at a line's start), or
    /// nil: such a file does not parse as the code it will be, so it is refused rather than silently not found.
    static func conflictMarkerLine(_ text: String) -> Int? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix("<<<<<<< ") || line.hasPrefix(">>>>>>> ") || line == "=======" || line == "<<<<<<<"
                || line == ">>>>>>>"
            {
                return number
            }
        }
        return nil
    }

    /// Whether a file is read for the first time.
    private mutating func firstReading(_ path: String) -> Bool {
        read.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted
    }

    /// A path as the report prints it: relative to the current directory when it is under it.
    static func displayed(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        guard absolute.hasPrefix(directory + "/") else { return path }
        return String(absolute.dropFirst(directory.count + 1))
    }

    /// The ```swift blocks of a Markdown document, each parsed on its own with its line numbers in the document and
    /// the heading above it.
    public mutating func addMarkdown(at path: String) throws(ConformanceError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        guard firstReading(path) else { return }
        addMarkdownText(String(decoding: data, as: UTF8.self), path: Self.displayed(path))
    }

    /// The ```swift blocks of a Markdown text (`path` for the report).
    public mutating func addMarkdownText(_ text: String, path: String) {
        for block in MarkdownBlocks.swiftBlocks(in: text) {
            add(path: path, text: block.text, lineOffset: block.firstLine - 1, heading: block.heading)
        }
    }
}

/// Files already parsed, by their text: a corpus made again with one file edited (a mutation test's) parses that
/// file only. Syntax trees are immutable; one cache may serve corpora made one after another, not at once.
public final class ParseCache: @unchecked Sendable {
    private var files: [String: (tree: SourceFileSyntax, converter: SourceLocationConverter)] = [:]

    public init() {}

    /// A text's tree and its line table (the table's file name is not used: a ``SwiftCorpus/File`` has its path).
    func parsed(_ text: String) -> (tree: SourceFileSyntax, converter: SourceLocationConverter) {
        if let found = files[text] { return found }
        let tree = Parser.parse(source: text)
        let parsed = (tree, SourceLocationConverter(fileName: "", tree: tree))
        files[text] = parsed
        return parsed
    }
}

/// Collects the type declarations of a file, nested ones included.
final class TypeCollector: SyntaxVisitor {
    var found: [(String, DeclGroupSyntax)] = []

    private func record(_ node: some DeclGroupSyntax) -> SyntaxVisitorContinueKind {
        if let name = Evaluator.typeName(of: node) { found.append((name, node)) }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }

    /// Only the clause the shipping app is built from (`#if DEBUG` previews and mocks are not the app).
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let elements = Evaluator.shippedClause(of: node)?.elements { walk(elements) }
        return .skipChildren
    }
}

/// The Swift blocks of a Markdown document.
enum MarkdownBlocks {
    struct Block {
        var text: String
        /// The document line of the block's first code line (1-based).
        var firstLine: Int
        var heading: String?
    }

    /// A list item or paragraph that opens with a bold title and nothing after it, e.g. `1. **Haptic Feedback
    /// Hierarchy**`: a heading in all but syntax.
    static func boldTitle(_ line: String) -> String? {
        var rest = Substring(line)
        let digits = rest.prefix { $0.isNumber }
        if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") {
            rest = rest.dropFirst(digits.count + 2)
        } else if rest.hasPrefix("- ") || rest.hasPrefix("* ") {
            rest = rest.dropFirst(2)
        }
        guard rest.hasPrefix("**"), rest.hasSuffix("**"), rest.count > 4 else { return nil }
        let title = rest.dropFirst(2).dropLast(2)
        return title.contains("**") ? nil : String(title)
    }

    /// Every fenced block whose info string is `swift` (indented fences, as in a list, included); headings inside
    /// other fenced blocks are not headings.
    static func swiftBlocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var heading: String?
        var swift: (lines: [String], first: Int, indent: Int)?
        var inOtherFence = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let fence = trimmed.hasPrefix("```")
            if var block = swift {
                if fence {
                    blocks.append(
                        Block(text: block.lines.joined(separator: "\n"), firstLine: block.first, heading: heading))
                    swift = nil
                } else {
                    let indent = min(block.indent, line.prefix { $0 == " " }.count)
                    block.lines.append(String(line.dropFirst(indent)))
                    swift = block
                }
            } else if inOtherFence {
                if fence { inOtherFence = false }
            } else if fence {
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
                if info == "swift" {
                    swift = ([], index + 2, line.prefix { $0 == " " }.count)
                } else {
                    inOtherFence = true
                }
            } else if trimmed.hasPrefix("#") {
                heading = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            } else if let title = boldTitle(trimmed) {
                heading = title
            }
        }
        return blocks
    }
}
