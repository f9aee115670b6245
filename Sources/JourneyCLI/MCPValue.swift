import ChoreoJSON
import Foundation
import MCP

/// Conversions between the daemon's ``JSONValue`` and the MCP SDK's `Value`.
enum MCPValue {
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(Int(number))
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let members): return .object(members.mapValues(value))
        }
    }

    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(Int64(number))
        case .double(let number): return .number(number)
        case .string(let text): return .string(text)
        case .data(let mimeType, let data):
            return .string("data:\(mimeType ?? "application/octet-stream");base64,\(data.base64EncodedString())")
        case .array(let items): return .array(items.map(json))
        case .object(let members): return .object(members.mapValues(json))
        }
    }
}
