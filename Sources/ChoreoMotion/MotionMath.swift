#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Elementary functions for the layers above ChoreoMotion, which use the standard library only.
public enum MotionMath {
    /// Sine of an angle in radians.
    public static func sine(_ x: Double) -> Double { sin(x) }

    /// Cosine of an angle in radians.
    public static func cosine(_ x: Double) -> Double { cos(x) }

    /// e raised to a power.
    public static func exponential(_ x: Double) -> Double { exp(x) }

    /// Natural logarithm.
    public static func logarithm(_ x: Double) -> Double { log(x) }
}
