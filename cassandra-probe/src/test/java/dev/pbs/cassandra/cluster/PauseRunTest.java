package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The pause loop against a stand-in process: no cluster, no signal. */
class PauseRunTest {

    /** A process that records every signal and its time, and checks that they alternate. */
    private static final class RecordingProcess implements SuspendableProcess {
        final List<String> signals = new CopyOnWriteArrayList<>();
        final List<Long> suspendNanos = new CopyOnWriteArrayList<>();
        final CountDownLatch firstSuspend = new CountDownLatch(1);
        volatile boolean stopped;
        volatile long suspendMillis;
        volatile RuntimeException suspendFailure;

        @Override
        public void check() {
            signals.add("0");
        }

        @Override
        public void suspend() {
            assertThat(stopped).as("suspended twice without a resume").isFalse();
            suspendNanos.add(System.nanoTime());
            signals.add("STOP");
            if (suspendFailure != null) {
                throw suspendFailure;
            }
            stopped = true;
            firstSuspend.countDown();
            if (suspendMillis > 0) {
                Pause.sleep(suspendMillis);
            }
        }

        @Override
        public void resume() {
            signals.add("CONT");
            stopped = false;
        }

        @Override
        public String describe() {
            return "node 9 (127.0.0.9, pid 1)";
        }
    }

    private static PauseSchedule schedule(long periodMillis, long lengthMillis, long totalMillis) {
        return new PauseSchedule(
                Duration.ofMillis(periodMillis), Duration.ofMillis(lengthMillis), Duration.ofMillis(totalMillis));
    }

    @Test
    void run_shortSchedule_pausesOnTimeForTheLengthAndLastsTheTotal() {
        RecordingProcess process = new RecordingProcess();
        List<NodePause> told = new ArrayList<>();
        long start = System.nanoTime();
        List<NodePause> pauses = new PauseRun(process).run(schedule(100, 30, 450), told::add, line -> {});
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(pauses).hasSize(5).isEqualTo(told);
        assertThat(process.signals)
                .containsExactly("0", "STOP", "CONT", "STOP", "CONT", "STOP", "CONT", "STOP", "CONT", "STOP", "CONT");
        assertThat(process.stopped).isFalse();
        for (int k = 0; k < pauses.size(); k++) {
            NodePause pause = pauses.get(k);
            assertThat(pause.number()).isEqualTo(k + 1);
            // Never early: pause k + 1 starts k periods after the run's start, or later.
            assertThat(pause.stop().before().monotonicNanos() - start).isGreaterThanOrEqualTo(k * 100_000_000L);
            // SIGCONT is launched the length after SIGSTOP's launch, never earlier.
            assertThat(pause.stop().before().microsUntil(pause.resume().before()))
                    .isGreaterThanOrEqualTo(30_000);
            assertThat(pause.atMostStoppedMicros()).isBetween(30_000L, 300_000L);
            assertThat(pause.surelyStoppedMicros()).isLessThanOrEqualTo(pause.atMostStoppedMicros());
            assertThat(pause.stop().before().epochMicros())
                    .isLessThanOrEqualTo(pause.resume().after().epochMicros());
        }
        assertThat(elapsedMillis).isBetween(450L, 1_500L);
    }

    @Test
    void run_lastPauseEndingWithTheTotal_isMade() {
        RecordingProcess process = new RecordingProcess();
        // The 4th pause, from 300 to 350 ms, ends with the total: waking up a little late for it
        // must not cost it.
        List<NodePause> pauses = new PauseRun(process).run(schedule(100, 50, 350), pause -> {}, line -> {});

        assertThat(pauses).extracting(NodePause::number).containsExactly(1, 2, 3, 4);
        assertThat(process.stopped).isFalse();
    }

    @Test
    void run_signalsTooSlowForTheSchedule_startsLateAndNeverOverrunsTheTotal() {
        RecordingProcess process = new RecordingProcess();
        // Each SIGSTOP takes 150 ms against a period of 100 ms: pauses start late, and a pause that
        // could no longer end within the 450 ms is not made.
        process.suspendMillis = 150;
        long start = System.nanoTime();
        List<NodePause> pauses = new PauseRun(process).run(schedule(100, 30, 450), pause -> {}, line -> {});
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(pauses).hasSizeBetween(1, 3);
        assertThat(process.stopped).isFalse();
        for (NodePause pause : pauses) {
            assertThat(pause.stop().before().monotonicNanos() + 30_000_000L - start)
                    .isLessThanOrEqualTo(450_000_000L);
        }
        // Within the total and the one SIGSTOP that started before its end.
        assertThat(elapsedMillis).isBetween(450L, 450L + 150L + 500L);
    }

    @Test
    void run_suspendFails_resumesAndThrowsTheFailure() {
        RecordingProcess process = new RecordingProcess();
        process.suspendFailure = new IllegalStateException("kill -STOP 1 failed with status 1");

        assertThatThrownBy(() -> new PauseRun(process).run(schedule(100, 30, 450), pause -> {}, line -> {}))
                .isSameAs(process.suspendFailure);
        assertThat(process.signals).containsExactly("0", "STOP", "CONT");
    }

    @Test
    void run_interruptedDuringAPause_resumesAndThrows() throws Exception {
        RecordingProcess process = new RecordingProcess();
        AtomicReference<Thread> runner = new AtomicReference<>();
        // A thread of its own: the interrupt it is left with ends with it.
        ExecutorService thread = Executors.newSingleThreadExecutor();
        CompletableFuture<List<NodePause>> running = CompletableFuture.supplyAsync(
                () -> {
                    runner.set(Thread.currentThread());
                    return new PauseRun(process).run(schedule(10_000, 5_000, 60_000), pause -> {}, line -> {});
                },
                thread);
        thread.shutdown();
        assertThat(process.firstSuspend.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(process.stopped).isTrue();
        runner.get().interrupt();

        assertThatThrownBy(() -> running.get(5, TimeUnit.SECONDS))
                .hasCauseInstanceOf(IllegalStateException.class)
                .hasMessageContaining("interrupted");
        assertThat(process.stopped).isFalse();
        assertThat(process.signals).containsExactly("0", "STOP", "CONT");
    }

    @Test
    void resumeForShutdown_duringAPause_resumesAtOnceAndEndsTheRunWithoutAnotherStop() throws Exception {
        RecordingProcess process = new RecordingProcess();
        PauseRun run = new PauseRun(process);
        CompletableFuture<List<NodePause>> running =
                CompletableFuture.supplyAsync(() -> run.run(schedule(1_000, 500, 60_000), pause -> {}, line -> {}));
        assertThat(process.firstSuspend.await(5, TimeUnit.SECONDS)).isTrue();
        List<String> progress = new ArrayList<>();

        run.resumeForShutdown(progress::add);

        assertThat(process.stopped).isFalse();
        assertThat(progress).containsExactly("interrupted: node 9 (127.0.0.9, pid 1) resumed (SIGCONT)");
        // The run ends at the pause's end rather than after its 60 s, with no SIGSTOP after the hook.
        assertThat(running.get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(process.signals).containsExactly("0", "STOP", "CONT");
    }

    @Test
    void resumeForShutdown_betweenPauses_sendsNothingAndEndsTheRun() throws Exception {
        RecordingProcess process = new RecordingProcess();
        PauseRun run = new PauseRun(process);
        CompletableFuture<List<NodePause>> running =
                CompletableFuture.supplyAsync(() -> run.run(schedule(1_000, 50, 60_000), pause -> {}, line -> {}));
        assertThat(process.firstSuspend.await(5, TimeUnit.SECONDS)).isTrue();
        TimeUnit.MILLISECONDS.sleep(300);
        List<String> progress = new ArrayList<>();

        run.resumeForShutdown(progress::add);

        assertThat(progress).isEmpty();
        assertThat(running.get(5, TimeUnit.SECONDS)).hasSize(1);
        assertThat(process.signals).containsExactly("0", "STOP", "CONT");
        assertThat(process.stopped).isFalse();
    }
}
