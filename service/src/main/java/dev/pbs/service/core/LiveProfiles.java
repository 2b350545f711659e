package dev.pbs.service.core;

import dev.pbs.model.profile.LatencyProfile;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live profiles that probes publish ({@link ProfileStore#LIVE_PREFIX}): in this process's memory
 * ({@link #inMemory()}, a probe measures again after a restart) or, in fleet mode, in the fleet's
 * Cassandra keyspace, where the instance that owns a probe publishes and every instance reads.
 */
public interface LiveProfiles {

    /** Publishes or refreshes the profile under its own name. */
    void publish(LatencyProfile profile);

    /** The live profile of that name, if published. */
    Optional<LatencyProfile> find(String name);

    /** Every live profile, by name. */
    List<LatencyProfile> list();

    /** Live profiles held in this process only. */
    static LiveProfiles inMemory() {
        Map<String, LatencyProfile> profiles = new ConcurrentHashMap<>();
        return new LiveProfiles() {
            @Override
            public void publish(LatencyProfile profile) {
                profiles.put(profile.name(), profile);
            }

            @Override
            public Optional<LatencyProfile> find(String name) {
                return Optional.ofNullable(profiles.get(name));
            }

            @Override
            public List<LatencyProfile> list() {
                return profiles.values().stream()
                        .sorted(Comparator.comparing(LatencyProfile::name))
                        .toList();
            }
        };
    }
}
