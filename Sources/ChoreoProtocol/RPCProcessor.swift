import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

/// Turns one line of input into at most one line of output, following JSON-RPC 2.0 to the letter: batches,
/// notifications (no reply), ids echoed unchanged, and every error as a response.
///
/// Split in three so the server can parse and serialize outside its locks: ``decode(_:)`` (pure),
/// ``serve(_:state:context:publish:)`` (the only step that touches state), and the reply's serialization.
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

    /// What a line did so far, beyond its replies: the sessions its requests changed (whose new trace events are
    /// owed to subscribers) and whether one of them began the daemon's shutdown.
    struct LineEffects {
        var changed: [(id: String, slot: SessionSlot)] = []
        var requestedShutdown = false
        /// How many of the line's requests named each session (in use until the line ends).
        var named: [String: Int] = [:]
        /// Whether anyone subscribed to any session when the line's last request began: only then does a batch
        /// publish its events request by request (otherwise once, at its end), sparing the daemon's lock.
        var watched = false
    }

    /// Serves one decoded line: the server's one call into the protocol per line. Runs the line's requests at
    /// `context` (each request naming a session keeps it from expiring): the daemon's part of each under the
    /// daemon's lock, a session's part under that session's lock only, so lines on different sessions run in
    /// parallel. Then, under the daemon's lock again, collects what the line owes (the reply and the subscribers'
    /// notifications) and hands it to `publish`, which takes the line's place in the order of the sessions' events
    /// (cheaply: the daemon-wide methods of every connection wait for it); the caller delivers what `publish`
    /// returned once this returns it, outside the lock. In a batch, each request that changed a session is followed
    /// by a `publish` of the notifications owed so far (with no reply), handed to `deliver` at once, so subscribers
    /// do not wait for the rest of the batch.
    ///
    /// A batch's replies are counted together as they are made: once they pass ``Limits/maxReplyBytes``, the rest
    /// of the batch does not run and the line is answered with one -32010 error (id null) saying how many of its
    /// requests ran.
    public static func serve<Published>(
        _ decoded: Decoded, state: Locked<DaemonState>, context: RequestContext,
        publish: (inout DaemonState, Served) -> Published, deliver: (Published) -> Void = { _ in }
    ) -> Published {
        var effects = LineEffects()
        let reply: JSONText?
        if case .batch(let entries) = decoded {
            reply = serveBatch(entries, state: state, context: context, effects: &effects) { changed in
                deliver(
                    state.withLock { state in
                        publish(
                            &state,
                            Served(
                                reply: nil, notifications: state.pendingNotifications(for: changed),
                                requestedShutdown: false))
                    })
            }
        } else {
            reply = execute(decoded, state: state, context: context, effects: &effects)
        }
        return state.withLock { state in
            for (id, requests) in effects.named { state.finished(id, requests: requests) }
            let served = Served(
                reply: reply, notifications: state.pendingNotifications(for: effects.changed),
                requestedShutdown: effects.requestedShutdown)
            return publish(&state, served)
        }
    }

    /// Runs a batch's requests in order and returns its reply (nil when it holds notifications only); after each
    /// request that changed a session but the last, hands the sessions changed so far to `publish`. Stops once the
    /// replies made so far pass ``Limits/maxReplyBytes`` (their serialized bytes, with the commas between them).
    private static func serveBatch(
        _ entries: [Entry], state: Locked<DaemonState>, context: RequestContext, effects: inout LineEffects,
        publish: ([(id: String, slot: SessionSlot)]) -> Void
    ) -> JSONText? {
        let maxReplyBytes = state.withLock { $0.limits.maxReplyBytes }
        var replies: [JSONText] = []
        var replyBytes = 2  // the brackets
        for (index, entry) in entries.enumerated() {
            if let one = execute(entry, state: state, context: context, effects: &effects) {
                replies.append(one)
                replyBytes += one.bytes.count + 1
                if replyBytes > maxReplyBytes {
                    return Envelope.error(
                        id: .null, .replyTooLarge(limit: maxReplyBytes, ran: index + 1, of: entries.count))
                }
            }
            // A batch's events reach subscribers as soon as the request that caused them has run, not when the
            // whole line has (a later request in it may take long).
            guard index < entries.count - 1, !effects.changed.isEmpty, effects.watched else { continue }
            let changed = effects.changed
            effects.changed.removeAll()
            publish(changed)
        }
        return batchReply(replies)
    }

    /// A batch's replies as one array, or nil when there are none.
    private static func batchReply(_ replies: [JSONText]) -> JSONText? {
        guard !replies.isEmpty else { return nil }
        var writer = JSONWriter(reservingCapacity: replies.reduce(2) { $0 + $1.bytes.count + 1 })
        writer.beginArray()
        for reply in replies { writer.value(reply) }
        writer.endArray()
        return writer.text
    }

    /// Serves one decoded line (``serve(_:state:context:publish:)``) and returns what it owes.
    public static func serve(_ decoded: Decoded, state: Locked<DaemonState>, context: RequestContext) -> Served {
        serve(decoded, state: state, context: context) { _, served in served }
    }

    /// Runs a decoded line; returns the reply (an object, or an array for a batch), or nil when nothing is owed.
    static func execute(
        _ decoded: Decoded, state: Locked<DaemonState>, context: RequestContext, effects: inout LineEffects
    ) -> JSONText? {
        switch decoded {
        case .error(let error):
            return Envelope.error(id: .null, error)
        case .single(let entry):
            return execute(entry, state: state, context: context, effects: &effects)
        case .batch(let entries):
            return batchReply(entries.compactMap { execute($0, state: state, context: context, effects: &effects) })
        }
    }

    /// Runs one request; nil for a notification.
    static func execute(
        _ entry: Entry, state: Locked<DaemonState>, context: RequestContext, effects: inout LineEffects
    ) -> JSONText? {
        switch entry {
        case .invalid(let id, let error):
            return Envelope.error(id: id, error)
        case .request(let request):
            let started = state.withLock { state -> Result<Method.Started, RPCError> in
                state.requestTimeMs = context.uptimeMs
                state.latestKnownMs = max(state.latestKnownMs, context.uptimeMs)
                effects.watched = !state.subscriptions.isEmpty
                // Any request naming a session keeps it from expiring, whatever its outcome (README, Limits), and
                // while its line runs.
                if case .string(let id)? = request.params?["session"] {
                    state.began(id)
                    effects.named[id, default: 0] += 1
                }
                guard let method = state.dispatch[request.method] else {
                    return .failure(.methodNotFound(request.method, known: state.methodNames))
                }
                let wasShuttingDown = state.isShuttingDown
                defer { if state.isShuttingDown, !wasShuttingDown { effects.requestedShutdown = true } }
                do throws(RPCError) {
                    return .success(try method.begin(request.params, state: &state, context: context))
                } catch {
                    return .failure(error)
                }
            }
            let outcome: Result<MethodAnswer, RPCError>
            switch started {
            case .failure(let error):
                outcome = .failure(error)
            case .success(let started):
                if case .session(let id, let slot, .change, _) = started,
                    !effects.changed.contains(where: { $0.slot === slot })
                {
                    effects.changed.append((id, slot))
                }
                do throws(RPCError) {
                    let result = try started.finish(state: state)
                    // A session's replies are checked under its lock (SessionSlot.run); the rest here: a number
                    // that is not finite is a bug, never a `null` where a number was promised.
                    if case .session = started {
                    } else if let path = result.json.firstUnreportableNumberPath {
                        throw RPCError.internalError(
                            "\(request.method) computed a number that is not finite or is past ±1e18 at `\(path)`; please report the "
                                + "request (params: \((request.params ?? .null).serialized()))")
                    }
                    outcome = .success(result)
                } catch {
                    outcome = .failure(error)
                }
            }
            guard let id = request.id else { return nil }
            switch outcome {
            case .success(let result): return Envelope.result(id: id, result)
            case .failure(let error): return Envelope.error(id: id, error)
            }
        }
    }

    /// Decodes, serves (``serve(_:state:context:)``, as the server does) and encodes a line in one step, for
    /// tests and the in-process harnesses; the subscribers' notifications are dropped.
    public static func handle(_ line: String, state: Locked<DaemonState>, context: RequestContext) -> String? {
        var line = line
        let decoded = line.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
        return serve(decoded, state: state, context: context).reply.map(\.string)
    }
}

extension RPCProcessor.Decoded {
    /// Whether the line is one daemon-wide request (``MethodTable/daemonWide``) or is answered with an error before
    /// any method runs: quick, bounded work that never waits for a session's, which the server runs on the event
    /// loop rather than queue behind long requests on the worker pool.
    public var isDaemonWide: Bool {
        switch self {
        case .error, .single(.invalid): true
        case .single(.request(let request)): MethodTable.daemonWide.contains(request.method)
        case .batch: false
        }
    }
}
