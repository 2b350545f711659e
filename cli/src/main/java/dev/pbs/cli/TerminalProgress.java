package dev.pbs.cli;

import dev.pbs.montecarlo.ProgressListener;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for runs that take more than a second, and only when a
 * terminal is attached (Java sees one when standard input and output are a terminal): nothing at
 * all when the output goes to a file, a pipe or a test.
 */
final class TerminalProgress implements ProgressListener, AutoCloseable {

    private static final long DELAY_NANOS = 1_000_000_000L;

    private final String task;
    private final boolean terminal;
    private final long started = System.nanoTime();
    private ProgressBar bar;

    TerminalProgress(String task) {
        this(task, System.console() != null);
    }

    TerminalProgress(String task, boolean terminal) {
        this.task = task;
        this.terminal = terminal;
    }

    @Override
    public synchronized void progressed(long completedTrials, long totalTrials) {
        if (!terminal) {
            return;
        }
        if (bar == null) {
            if (System.nanoTime() - started < DELAY_NANOS || completedTrials >= totalTrials) {
                return;
            }
            bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(totalTrials)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUnit(" trials", 1)
                    .setUpdateIntervalMillis(200)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err))
                    .build();
        }
        bar.stepTo(completedTrials);
    }

    /** Whether a bar was shown. */
    synchronized boolean shown() {
        return bar != null;
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
