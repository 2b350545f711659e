package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.core.LiveProfiles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Live profiles in the state keyspace's {@code live_profiles} table: the instance that owns a probe
 * publishes its profile there, and every instance reads it.
 */
final class CassandraLiveProfiles implements LiveProfiles {

    private final StateSession session;
    private final String instance;
    private final PreparedStatement selectAll;
    private final PreparedStatement selectOne;
    private final PreparedStatement insert;

    CassandraLiveProfiles(StateSession session, String keyspace, String instance) {
        this.session = session;
        this.instance = instance;
        this.selectAll = session.prepare("SELECT name, profile FROM " + keyspace + ".live_profiles");
        this.selectOne = session.prepare("SELECT profile FROM " + keyspace + ".live_profiles WHERE name = ?");
        this.insert = session.prepare("INSERT INTO " + keyspace
                + ".live_profiles (name, profile, published_at, instance) VALUES (?, ?, ?, ?)");
    }

    @Override
    public void publish(LatencyProfile profile) {
        session.execute(
                "publish_live_profile",
                insert.bind(profile.name(), ProfileJson.writeString(profile), Instant.now(), instance));
    }

    @Override
    public Optional<LatencyProfile> find(String name) {
        Row row = session.execute("read_live_profile", selectOne.bind(name)).one();
        return row == null ? Optional.empty() : Optional.of(ProfileJson.read(row.getString("profile")));
    }

    @Override
    public List<LatencyProfile> list() {
        List<LatencyProfile> profiles = new ArrayList<>();
        for (Row row : session.execute("list_live_profiles", selectAll.bind())) {
            try {
                profiles.add(ProfileJson.read(row.getString("profile")));
            } catch (RuntimeException unreadable) {
                // A row this build cannot read: listed by no one, replaced at its probe's next refresh.
            }
        }
        profiles.sort(Comparator.comparing(LatencyProfile::name));
        return profiles;
    }
}
