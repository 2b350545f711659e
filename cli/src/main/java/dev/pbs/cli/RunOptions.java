package dev.pbs.cli;

import dev.pbs.montecarlo.SimulationSpec;
import picocli.CommandLine.Option;

/** {@code --trials}, {@code --seed}, {@code --threads} and {@code --format}: shared by the simulating commands. */
final class RunOptions {

    @Option(
            names = "--trials",
            paramLabel = "T",
            defaultValue = "1000000",
            description = "Monte Carlo trials (for tune: per N and speculative retry setting), 1 to "
                    + SimulationSpec.MAX_TRIALS + " (default: ${DEFAULT-VALUE}).")
    private long trials;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "42",
            description = "Random seed, any 64-bit integer (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(
            names = "--threads",
            paramLabel = "K",
            description = "Worker threads (default: available processors). Changes nothing in the output.")
    private Integer threads;

    @Option(
            names = "--format",
            paramLabel = "table|json",
            defaultValue = "table",
            description = "Output: a table for people or JSON for tools (default: table).")
    private OutputFormat format;

    long trials() {
        return trials;
    }

    long seed() {
        return seed;
    }

    int threads() {
        return threads != null
                ? threads
                : Math.min(SimulationSpec.MAX_THREADS, Runtime.getRuntime().availableProcessors());
    }

    /** Whether {@code --format json} was asked for. */
    boolean json() {
        return format == OutputFormat.JSON;
    }
}
