import ArgumentParser
import ChoreoClient
import ChoreoJSON
import Foundation
import JourneyKit

extension DaemonContract {
    /// Every app a daemon hosts, as `app.describe` answers, in `daemon.info`'s order.
    static func descriptions(from client: ChoreoClient) async throws(ChoreoClientError) -> [JSONValue] {
        let info = try await client.call("daemon.info")
        var descriptions: [JSONValue] = []
        for app in info["apps"]?.arrayValue ?? [] {
            descriptions.append(try await client.call("app.describe", ["app": app]))
        }
        return descriptions
    }

    /// The contract with the apps of a contract file (`journey contract --save`).
    static func contract(file: String) throws -> JourneyContract {
        do {
            let data = try String(contentsOfFile: file, encoding: .utf8)
            let json = try JSONValue.parse(data)
            return try contract(
                describedBy: try JourneyContract.descriptions(inFile: json),
                unknownMethods: json["methods"]?.arrayValue ?? [],
                serves: json["serves"]?.arrayValue.map { $0.compactMap(\.stringValue) })
        } catch {
            printError("journey: --contract \(file): \(error)")
            throw ExitCode(2)
        }
    }

    /// The daemon's methods (`rpc.discover`): every name it serves, and the entries of those this binary does not
    /// declare.
    static func methods(from client: ChoreoClient) async throws(ChoreoClientError) -> (
        serves: [String], unknown: [JSONValue]
    ) {
        let document = try await client.call("rpc.discover")
        let entries = document["methods"]?.arrayValue ?? []
        return (entries.compactMap { $0["name"]?.stringValue }, appMethods(in: document))
    }

    /// The contract with the apps of the daemon `client` talks to: this binary's own declarations of the methods it
    /// knows and the daemon serves, and the daemon's document (`rpc.discover`) for those it does not (its apps' own
    /// commands). Throws what went wrong.
    static func daemonContract(client: ChoreoClient) async throws -> JourneyContract {
        let descriptions = try await descriptions(from: client)
        let methods = try await methods(from: client)
        return try contract(describedBy: descriptions, unknownMethods: methods.unknown, serves: methods.serves)
    }

    /// This binary's contract with a daemon's apps (`app.describe` answers), the standalone entries of the methods
    /// it serves that this binary does not declare, and the names of all it serves (nil: keep every method).
    static func contract(
        describedBy descriptions: [JSONValue], unknownMethods: [JSONValue], serves: [String]?
    ) throws(ContractError) -> JourneyContract {
        var contract = engine
        try contract.useApps(describedBy: descriptions)
        contract.addMethods(fromOpenRPC: ["methods": .array(unknownMethods)])
        // A contract file saved by journey 0.4.0, which linked the stock apps, leaves their own commands out of its
        // `methods` (it knew them) but names them in `serves`: they are the stock document's.
        contract.addMethods(fromOpenRPC: ["methods": .array(StockApps.appMethods)])
        if let serves { contract.keepMethods(named: Set(serves)) }
        return contract
    }

    /// ``daemonContract(client:)`` for a command: a failure is printed and exits with status 2.
    static func contract(client: ChoreoClient) async throws -> JourneyContract {
        do {
            return try await daemonContract(client: client)
        } catch {
            printError("journey: cannot read the daemon's apps (app.describe): \(error)")
            throw ExitCode(2)
        }
    }
}
