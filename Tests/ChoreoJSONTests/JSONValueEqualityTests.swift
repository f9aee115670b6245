import ChoreoJSON
import Testing

@Suite("Equality and hashing")
struct JSONValueEqualityTests {
    @Test(
        "Numbers compare numerically across .int and .double and hash alike",
        arguments: [
            (JSONValue.int(1), JSONValue.double(1.0)),
            (.int(0), .double(-0.0)),
            (.int(-400), .double(-400)),
            (.int(1 << 60), .double(Double(1 << 60))),
            (.int(Int64.min), .double(-9_223_372_036_854_775_808.0)),
            (.array([.int(1), .int(2)]), .array([.double(1), .double(2)])),
            (.object(["a": .int(3)]), .object(["a": .double(3)])),
        ])
    func equalNumbersHashAlike(lhs: JSONValue, rhs: JSONValue) {
        #expect(lhs == rhs)
        #expect(rhs == lhs)
        #expect(lhs.hashValue == rhs.hashValue)
        #expect(Set([lhs, rhs]).count == 1)
    }

    @Test(
        "Different values are not equal",
        arguments: [
            (JSONValue.int(1), JSONValue.double(1.5)),
            (.int(Int64.max), .double(9_223_372_036_854_775_808.0)),
            (.int(9_007_199_254_740_993), .double(9_007_199_254_740_992)),
            (.int(0), .bool(false)),
            (.null, .bool(false)),
            (.string("1"), .int(1)),
            (.array([]), .object([:])),
            (.array([.int(1)]), .array([.int(1), .int(1)])),
            (.object(["a": .null]), .object(["b": .null])),
        ])
    func differentValuesDiffer(lhs: JSONValue, rhs: JSONValue) {
        #expect(lhs != rhs)
        #expect(rhs != lhs)
    }

    @Test("A parsed integer equals the same number written as a real")
    func parsedIntegerEqualsReal() throws {
        #expect(try JSONValue.parse("[1, 2]") == JSONValue.parse("[1.0, 2e0]"))
    }
}
