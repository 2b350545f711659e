package dev.pbs.cli.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fleet mode on the real test cluster: three {@code pbs serve} processes started together on a new
 * state keyspace (so that they create its tables at the same time), four probes in their YAML. Each probe runs on exactly one instance; a profile uploaded to one is
 * served by the others; after {@code kill -9} of the instance that runs probes the others take them
 * within the lease and one lease round, and no uploaded profile or history entry is lost; with every
 * Cassandra node paused, writes answer 503 naming the state store while built-in profiles still
 * predict; with Cassandra unreachable at start-up an instance says so in one line and exits non-zero.
 */
@Tag("end-to-end")
@ExtendWith(LocalClusterExtension.class)
class FleetIT {

    private static final int LEASE_SECONDS = 10;
    private static final List<String> PROBES = List.of("alpha", "bravo", "charlie", "delta");
    private static final Pattern CONNECTED =
            Pattern.compile("(?m)^pbs_probe_connected\\{probe=\"([a-z]+)\"} 1(\\.0)?$");

    private static String stateAndProbes(String keyspace) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("state:\n")
                .append("  type: cassandra\n")
                .append("  contactPoints: [\"127.0.0.1:9042\"]\n")
                .append("  keyspace: ")
                .append(keyspace)
                .append('\n')
                .append("  leaseSeconds: ")
                .append(LEASE_SECONDS)
                .append('\n')
                .append("probes:\n");
        for (String probe : PROBES) {
            yaml.append("  - name: ")
                    .append(probe)
                    .append('\n')
                    .append("    contactPoints: [\"127.0.0.1:9042\"]\n")
                    .append("    keyspace: pbs_fleet_probe_")
                    .append(probe)
                    .append('\n')
                    .append("    rate: 4\n")
                    .append("    traceFraction: 0.5\n")
                    .append("    refreshSeconds: 5\n")
                    .append("    windowSeconds: 10\n")
                    // fleet mode's hand-over is what is measured here, not the warm-up before a first window
                    .append("    warmUpRoundSeconds: 0\n")
                    .append("    historySpacingSeconds: 1\n");
        }
        return yaml.toString();
    }

    @Test
    void threeInstances_shareProfilesAndProbes_andTakeOverFromOneKilled(LocalCluster cluster, @TempDir Path folder)
            throws Exception {
        String keyspace =
                "pbs_fleet_it_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        String yaml = stateAndProbes(keyspace);
        List<FleetInstance> fleet = new ArrayList<>();
        try {
            // All three at once, on a keyspace none has created yet: they create its tables together.
            for (String label : List.of("one", "two", "three")) {
                fleet.add(FleetInstance.start(folder, label, yaml));
            }
            for (FleetInstance instance : fleet) {
                instance.awaitUp(120);
            }

            // Each probe runs on exactly one instance, as the instances' own metrics say.
            Map<String, FleetInstance> runners = awaitEachProbeRunOnce(fleet, 120);
            System.out.printf(Locale.ROOT, "[fleet] probes by instance: %s%n", describe(runners));
            JsonNode view = fleet.get(1).json("/api/v1/cluster");
            assertThat(view.get("mode").asText()).isEqualTo("cassandra");
            assertThat(view.get("instances")).hasSize(3);
            for (JsonNode probe : view.get("probes")) {
                assertThat(probe.get("owner").asText())
                        .isEqualTo(runners.get(probe.get("name").asText()).name);
            }

            // A profile uploaded to one instance is served by the others.
            String profile = fleet.get(0).get("/api/v1/profiles/lnkd-disk").body();
            HttpResponse<String> upload = fleet.get(0).put("/api/v1/profiles/fleet-upload", profile);
            assertThat(upload.statusCode()).as(upload.body()).isEqualTo(201);
            for (FleetInstance other : fleet.subList(1, 3)) {
                HttpResponse<String> read = other.get("/api/v1/profiles/fleet-upload");
                assertThat(read.statusCode()).as(other.name).isEqualTo(200);
                assertThat(read.body()).isEqualTo(upload.body());
                HttpResponse<String> prediction = other.post(
                        "/api/v1/predictions", "{\"profile\": \"fleet-upload\", \"n\": 3, \"r\": 1, \"w\": 1}", false);
                assertThat(prediction.statusCode()).as(prediction.body()).isEqualTo(200);
            }

            // The instance that runs the most probes dies once its probes have history.
            FleetInstance victim = mostProbes(runners);
            List<String> victimProbes = runners.entrySet().stream()
                    .filter(entry -> entry.getValue() == victim)
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            FleetInstance witness = fleet.stream()
                    .filter(instance -> instance != victim)
                    .findFirst()
                    .orElseThrow();
            Map<String, Integer> historyBefore = awaitHistory(witness, victimProbes, 90);
            long killedAt = System.nanoTime();
            victim.killHard();
            List<FleetInstance> survivors =
                    fleet.stream().filter(instance -> instance != victim).toList();
            Map<String, FleetInstance> after = awaitEachProbeRunOnce(survivors, 60);
            double takeoverSeconds = (System.nanoTime() - killedAt) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "[fleet] killed %s (it ran %s); every probe ran again %.1f s later: %s%n",
                    victim.name,
                    victimProbes,
                    takeoverSeconds,
                    describe(after));
            assertThat(takeoverSeconds)
                    .as(
                            "taken over within the lease (%d s) and one lease round, with a few seconds to see it",
                            LEASE_SECONDS)
                    .isLessThan(LEASE_SECONDS + LEASE_SECONDS / 5.0 + 8);
            for (FleetInstance survivor : survivors) {
                assertThat(survivor.get("/api/v1/profiles/fleet-upload").body()).isEqualTo(upload.body());
                for (String probe : victimProbes) {
                    int entries = survivor.json("/api/v1/probes/" + probe + "/history")
                            .get("entries")
                            .size();
                    assertThat(entries)
                            .as("history of %s at %s", probe, survivor.name)
                            .isGreaterThanOrEqualTo(historyBefore.get(probe));
                }
            }

            // Probes added and removed through the API, with the token.
            String added = "{\"name\": \"echo\", \"contactPoints\": [\"127.0.0.1:9042\"], \"keyspace\": "
                    + "\"pbs_fleet_probe_echo\", \"rate\": 4, \"refreshSeconds\": 5, \"windowSeconds\": 10, \"warmUpRoundSeconds\": 0}";
            assertThat(survivors.get(0).post("/api/v1/probes", added, false).statusCode())
                    .isEqualTo(401);
            HttpResponse<String> bad = survivors.get(0).post("/api/v1/probes", "{\"name\": \"x\", \"rat\": 4}", true);
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body()).contains("unknown probe field 'rat'");
            assertThat(survivors.get(0).post("/api/v1/probes", added, true).statusCode())
                    .isEqualTo(201);
            assertThat(survivors.get(1).post("/api/v1/probes", added, true).statusCode())
                    .isEqualTo(409);
            awaitProbeState(survivors.get(1), "echo", "running", 60);
            assertThat(survivors.get(1).delete("/api/v1/probes/alpha").statusCode())
                    .isEqualTo(409);
            assertThat(survivors.get(1).delete("/api/v1/probes/echo").statusCode())
                    .isEqualTo(204);
            assertThat(survivors.get(0).delete("/api/v1/probes/echo").statusCode())
                    .isEqualTo(404);

            // The state store out of reach: every node paused.
            stateStoreOutage(cluster, survivors.get(0));
            System.out.println("[fleet] lease transitions at " + survivors.get(0).name + ":\n"
                    + grep(survivors.get(0).metrics(), "pbs_lease_transitions_total"));
        } finally {
            for (FleetInstance instance : fleet) {
                instance.close();
            }
        }
    }

    @Test
    void cassandraUnreachableAtStartUp_oneLineAndANonZeroExit(@TempDir Path folder) throws Exception {
        FleetInstance instance = FleetInstance.start(
                folder, "unreachable", "state: {type: cassandra, contactPoints: [\"127.0.0.1:1\"]}\n");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (instance.alive() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(instance.alive()).isFalse();
            List<String> problems = instance.output()
                    .lines()
                    .filter(line -> line.startsWith("pbs serve:"))
                    .toList();
            assertThat(problems).hasSize(1);
            assertThat(problems.get(0))
                    .contains("the state store (Cassandra at 127.0.0.1:1) cannot be reached")
                    .doesNotContain("Exception");
            assertThat(instance.output()).doesNotContain("\tat ");
        } finally {
            instance.close();
        }
    }

    @Test
    void badStateSettings_oneLineNamingTheSetting(@TempDir Path folder) throws Exception {
        Map<String, String> cases = new HashMap<>();
        cases.put("state: {type: etcd}\n", "state.type must be files or cassandra, was 'etcd'");
        cases.put("state: {type: cassandra}\n", "state.contactPoints: fleet mode needs at least one HOST:PORT");
        cases.put(
                "state: {type: cassandra, contactPoints: [\"127.0.0.1:9042\"], leaseSeconds: 1}\n",
                "state.leaseSeconds must be 3 to 600, was 1");
        cases.put(
                "state: {type: cassandra, contactPoints: [\"127.0.0.1:9042\"], keyspace: \"Bad-Name\"}\n",
                "state.keyspace must be lower-case letters");
        int index = 0;
        for (Map.Entry<String, String> badCase : cases.entrySet()) {
            FleetInstance instance = FleetInstance.start(folder, "bad" + index++, badCase.getKey());
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (instance.alive() && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                assertThat(instance.alive()).as(badCase.getKey()).isFalse();
                assertThat(instance.output().lines().filter(line -> line.startsWith("pbs serve:")))
                        .as(badCase.getKey())
                        .singleElement()
                        .asString()
                        .contains(badCase.getValue());
            } finally {
                instance.close();
            }
        }
    }

    /** Every node paused: uploads answer 503 naming the state store, built-in profiles still predict; then back. */
    private static void stateStoreOutage(LocalCluster cluster, FleetInstance instance) throws Exception {
        List<Long> pids = cluster.status().stream()
                .map(NodeStatus::pid)
                .filter(java.util.OptionalLong::isPresent)
                .map(java.util.OptionalLong::getAsLong)
                .toList();
        assertThat(pids).hasSize(LocalClusterExtension.NODES);
        String profile = instance.get("/api/v1/profiles/lnkd-disk").body();
        signal("STOP", pids);
        try {
            HttpResponse<String> upload = instance.put("/api/v1/profiles/during-outage", profile);
            assertThat(upload.statusCode()).as(upload.body()).isEqualTo(503);
            assertThat(upload.body()).contains("the state store (Cassandra at 127.0.0.1:9042) cannot be reached now");
            assertThat(upload.headers().firstValue("Retry-After")).isPresent();
            HttpResponse<String> builtIn = instance.post(
                    "/api/v1/predictions", "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1}", false);
            assertThat(builtIn.statusCode()).as(builtIn.body()).isEqualTo(200);
            assertThat(instance.get("/api/v1/profiles/lnkd-ssd").statusCode()).isEqualTo(200);
        } finally {
            signal("CONT", pids);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        int status = 0;
        while (System.nanoTime() < deadline) {
            status = instance.put("/api/v1/profiles/after-outage", profile).statusCode();
            if (status == 201) {
                break;
            }
            Thread.sleep(1000);
        }
        assertThat(status).as("an upload once the nodes run again").isEqualTo(201);
    }

    private static void signal(String signal, List<Long> pids) throws Exception {
        for (long pid : pids) {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** Waits until each probe is connected on exactly one instance (its pbs_probe_connected is 1 there). */
    private static Map<String, FleetInstance> awaitEachProbeRunOnce(List<FleetInstance> fleet, int seconds)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Map<String, List<FleetInstance>> running = Map.of();
        while (System.nanoTime() < deadline) {
            running = new HashMap<>();
            for (FleetInstance instance : fleet) {
                Matcher connected = CONNECTED.matcher(instance.metrics());
                while (connected.find()) {
                    running.computeIfAbsent(connected.group(1), probe -> new ArrayList<>())
                            .add(instance);
                }
            }
            if (running.keySet().containsAll(PROBES)
                    && running.values().stream().allMatch(list -> list.size() == 1)) {
                Map<String, FleetInstance> once = new HashMap<>();
                running.forEach((probe, instances) -> once.put(probe, instances.get(0)));
                return once;
            }
            Thread.sleep(500);
        }
        StringBuilder outputs = new StringBuilder();
        for (FleetInstance instance : fleet) {
            outputs.append("\n--- ").append(instance.name).append('\n').append(tail(instance.output()));
        }
        throw new AssertionError(
                "not every probe ran on exactly one instance in " + seconds + " s: " + running.keySet() + outputs);
    }

    /** Waits until each probe's history has an entry, read through another instance; the counts. */
    private static Map<String, Integer> awaitHistory(FleetInstance instance, List<String> probes, int seconds)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Map<String, Integer> counts = new HashMap<>();
        while (System.nanoTime() < deadline) {
            for (String probe : probes) {
                counts.put(
                        probe,
                        instance.json("/api/v1/probes/" + probe + "/history")
                                .get("entries")
                                .size());
            }
            if (counts.values().stream().allMatch(count -> count > 0)) {
                return counts;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("no history for " + probes + " in " + seconds + " s: " + counts);
    }

    private static void awaitProbeState(FleetInstance instance, String probe, String state, int seconds)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String seen = null;
        while (System.nanoTime() < deadline) {
            for (JsonNode status : instance.json("/api/v1/probes")) {
                if (status.get("name").asText().equals(probe)) {
                    seen = status.get("state").asText();
                }
            }
            if (state.equals(seen)) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("probe " + probe + " was " + seen + ", not " + state + ", after " + seconds + " s");
    }

    private static FleetInstance mostProbes(Map<String, FleetInstance> runners) {
        Map<FleetInstance, Integer> counts = new HashMap<>();
        runners.values().forEach(instance -> counts.merge(instance, 1, Integer::sum));
        return counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
    }

    private static String describe(Map<String, FleetInstance> runners) {
        Map<String, List<String>> byInstance = new java.util.TreeMap<>();
        runners.forEach((probe, instance) -> byInstance
                .computeIfAbsent(instance.name, key -> new ArrayList<>())
                .add(probe));
        byInstance.values().forEach(java.util.Collections::sort);
        return byInstance.toString();
    }

    private static String grep(String text, String prefix) {
        return String.join(
                "\n", text.lines().filter(line -> line.startsWith(prefix)).toList());
    }

    private static String tail(String text) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
