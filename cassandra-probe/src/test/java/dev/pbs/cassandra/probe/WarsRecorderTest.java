package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.WarsMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WarsRecorderTest {

    @Test
    void snapshot_holdsOnlyMessagesWithSamples_byReplicaInAddressOrder() {
        WarsRecorder recorder = new WarsRecorder();
        recorder.record(new ReplicaDelays("127.0.0.10", Operation.READ, 300, 400));
        recorder.record(new ReplicaDelays("127.0.0.2", Operation.WRITE, 1000, 500));
        Map<String, Map<WarsMessage, Histogram>> snapshot = recorder.snapshot();
        assertThat(snapshot.keySet()).containsExactly("127.0.0.2", "127.0.0.10");
        assertThat(snapshot.get("127.0.0.2").keySet()).containsExactly(WarsMessage.WRITE, WarsMessage.ACKNOWLEDGEMENT);
        assertThat(snapshot.get("127.0.0.10").keySet()).containsExactly(WarsMessage.READ, WarsMessage.RESPONSE);
        assertThat(snapshot.get("127.0.0.2").get(WarsMessage.WRITE).getMaxValue())
                .isBetween(999L, 1001L);
        assertThat(snapshot.get("127.0.0.10").get(WarsMessage.RESPONSE).getMaxValue())
                .isBetween(399L, 401L);
    }

    @Test
    void snapshot_isACopyAndLaterSnapshotsKeepEverySample() {
        WarsRecorder recorder = new WarsRecorder();
        recorder.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, 1000, 500));
        Histogram first = recorder.snapshot().get("127.0.0.1").get(WarsMessage.WRITE);
        recorder.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, 2000, 500));
        assertThat(first.getTotalCount()).isEqualTo(1);
        assertThat(recorder.snapshot().get("127.0.0.1").get(WarsMessage.WRITE).getTotalCount())
                .isEqualTo(2);
        assertThat(recorder.count("127.0.0.1", WarsMessage.ACKNOWLEDGEMENT)).isEqualTo(2);
        assertThat(recorder.count("127.0.0.9", WarsMessage.WRITE)).isZero();
    }

    @Test
    void record_fromManyThreadsWhileSnapshotsAreTaken_losesNothing() throws Exception {
        WarsRecorder recorder = new WarsRecorder();
        int threads = 4;
        int samplesPerThread = 20_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                String replica = "127.0.0." + (thread % 2 + 1);
                Operation operation = thread < 2 ? Operation.WRITE : Operation.READ;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < samplesPerThread; i++) {
                        recorder.record(new ReplicaDelays(replica, operation, 100 + i % 1000, 50));
                    }
                }));
            }
            Future<Long> reader = pool.submit(() -> {
                long previous = 0;
                while (!writers.stream().allMatch(Future::isDone)) {
                    long now = recorder.count("127.0.0.1", WarsMessage.WRITE);
                    assertThat(now).isGreaterThanOrEqualTo(previous);
                    previous = now;
                    recorder.snapshot();
                }
                return previous;
            });
            for (Future<?> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            reader.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        Map<String, Map<WarsMessage, Histogram>> snapshot = recorder.snapshot();
        for (String replica : List.of("127.0.0.1", "127.0.0.2")) {
            for (WarsMessage message : WarsMessage.values()) {
                assertThat(snapshot.get(replica).get(message).getTotalCount())
                        .as("%s of %s", message, replica)
                        .isEqualTo(samplesPerThread);
            }
        }
    }
}
