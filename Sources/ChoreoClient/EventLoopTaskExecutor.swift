import NIOCore

/// A Swift `TaskExecutor` that runs tasks on one NIO event loop.
///
/// A task that prefers a client's executor (``ChoreoClient/taskExecutor``, with `withTaskExecutorPreference` or
/// `addTask(executorPreference:)`) writes its requests from the connection's own thread and resumes there when the
/// reply arrives, instead of crossing between the event loop and the global concurrent pool twice per call. Work
/// the task does in between (parsing, matching) then runs on the event loop too: suited to a client that only
/// drives its own connection, like a journey worker.
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The event loop the tasks run on.
    public let eventLoop: any EventLoop

    public init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
