package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.montecarlo.WarsEngine;
import org.junit.jupiter.api.Test;

class PredictDeterminismTest {

    /** More than three engine chunks, so that two threads really share the work. */
    private static final String TRIALS = Integer.toString(3 * WarsEngine.CHUNK_TRIALS + 900);

    @Test
    void predict_sameSeedOneAndTwoThreads_writesIdenticalJson() {
        CommandLineRun oneThread = run("1", "42");
        CommandLineRun twoThreads = run("2", "42");

        assertThat(oneThread.status()).isZero();
        assertThat(twoThreads.status()).isZero();
        assertThat(twoThreads.out()).isEqualTo(oneThread.out());
    }

    @Test
    void predict_differentSeeds_writesDifferentJson() {
        assertThat(run("2", "7").out()).isNotEqualTo(run("2", "42").out());
    }

    @Test
    void predict_noSeed_usesSeed42() {
        CommandLineRun defaultSeed =
                CommandLineRun.of("predict", "--profile", "ymmr", "--n", "3", "--trials", "5000", "--format", "json");

        assertThat(defaultSeed.out())
                .isEqualTo(CommandLineRun.of(
                                "predict",
                                "--profile",
                                "ymmr",
                                "--n",
                                "3",
                                "--trials",
                                "5000",
                                "--format",
                                "json",
                                "--seed",
                                "42")
                        .out());
    }

    private static CommandLineRun run(String threads, String seed) {
        return CommandLineRun.of(
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--trials",
                TRIALS,
                "--seed",
                seed,
                "--threads",
                threads,
                "--format",
                "json");
    }
}
