import ChoreoEngine
import ChoreoJSON

/// Turns one line of input into at most one line of output, following JSON-RPC 2.0 to the letter: batches,
/// notifications (no reply), ids echoed unchanged, and every error as a response.
///
/// Split in three so the server can parse and serialize outside its lock: ``decode(_:)`` (pure),
/// ``execute(_:state:context:)`` (the only step that touches state), ``encode(_:)`` (pure).
public enum RPCProcessor {
    /// A parsed line.
    public enum Decoded: Sendable {
        /// The line was not JSON, or was JSON but not a request or batch: answered with this error and id null.
        case error(RPCError)
        /// One request (valid or not).
        case single(Entry)
        /// A non-empty batch.
        case batch([Entry])
    }

    /// One element of a line.
    public enum Entry: Sendable {
        case request(RPCRequest)
        case invalid(id: JSONValue, error: RPCError)
    }

    /// Parses and validates a line (without its newline). The envelope is read in place from jansson's parse; only
    /// each request's id and params become ``JSONValue``s.
    public static func decode(_ line: UnsafeRawBufferPointer) -> Decoded {
        do throws(JSONParseError) {
            return try JSONView.withParsed(line) { decode($0) }
        } catch {
            guard error.isIntegerOverflow, let recovered = try? JSONValue.parse(line, integersAsReals: true) else {
                return .error(.parseError(error.description))
            }
            return OversizedIntegers.decode(recovered)
        }
    }

    /// Validates a parsed line.
    public static func decode<Line: JSONReadable>(_ value: Line) -> Decoded {
        switch value.kind {
        case .array:
            let items = value.elements
            guard !items.isEmpty else { return .error(.invalidRequest("an empty batch")) }
            return .batch(items.map { entry($0) })
        case .object:
            return .single(entry(value))
        default:
            return .error(.invalidRequest("a request must be a JSON object or a non-empty array (batch)"))
        }
    }

    private static func entry<Item: JSONReadable>(_ value: Item) -> Entry {
        switch RPCRequest.validate(value) {
        case .success(let request): return .request(request)
        case .failure(let invalid): return .invalid(id: invalid.id, error: invalid.error)
        }
    }

    /// Runs a decoded line; returns the reply (an object, or an array for a batch), or nil when nothing is owed.
    public static func execute(_ decoded: Decoded, state: inout DaemonState, context: RequestContext) -> JSONValue? {
        switch decoded {
        case .error(let error):
            return Envelope.error(id: .null, error)
        case .single(let entry):
            return execute(entry, state: &state, context: context)
        case .batch(let entries):
            let replies = entries.compactMap { execute($0, state: &state, context: context) }
            return replies.isEmpty ? nil : .array(replies)
        }
    }

    /// Runs one request; nil for a notification.
    public static func execute(_ entry: Entry, state: inout DaemonState, context: RequestContext) -> JSONValue? {
        switch entry {
        case .invalid(let id, let error):
            return Envelope.error(id: id, error)
        case .request(let request):
            // Any request naming a session keeps it from expiring, whatever its outcome (README, Limits).
            if case .string(let id)? = request.params?["session"] { state.touch(id) }
            let outcome: Result<JSONValue, RPCError>
            if let method = state.methods[request.method] {
                do throws(RPCError) {
                    outcome = .success(try method.call(request.params, state: &state, context: context))
                } catch {
                    outcome = .failure(error)
                }
            } else {
                outcome = .failure(.methodNotFound(request.method, known: state.methodNames))
            }
            guard let id = request.id else { return nil }
            switch outcome {
            case .success(let result): return Envelope.result(id: id, result)
            case .failure(let error): return Envelope.error(id: id, error)
            }
        }
    }

    /// Decodes, serves (``DaemonState/serve(_:context:)``, as the server does) and encodes a line in one step, for
    /// tests and the in-process harnesses; the subscribers' notifications are dropped.
    public static func handle(
        _ line: String, state: inout DaemonState, context: RequestContext
    ) -> String? {
        var line = line
        let decoded = line.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
        return state.serve(decoded, context: context).reply.map { $0.serialized() }
    }
}
