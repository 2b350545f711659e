package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.core.UploadedProfiles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Uploaded profiles in the state keyspace's {@code profiles} table, written and read at
 * {@code LOCAL_QUORUM}: a profile whose upload was acknowledged is read back by every instance.
 * Nothing is cached, so a change made through one instance is seen at once through the others.
 */
final class CassandraUploadedProfiles implements UploadedProfiles {

    private static final Logger LOG = LoggerFactory.getLogger(CassandraUploadedProfiles.class);

    private final StateSession session;
    private final PreparedStatement selectAll;
    private final PreparedStatement selectOne;
    private final PreparedStatement selectName;
    private final PreparedStatement insert;
    private final PreparedStatement remove;

    CassandraUploadedProfiles(StateSession session, String keyspace) {
        this.session = session;
        this.selectAll = session.prepare("SELECT name, profile FROM " + keyspace + ".profiles");
        this.selectOne = session.prepare("SELECT profile FROM " + keyspace + ".profiles WHERE name = ?");
        this.selectName = session.prepare("SELECT name FROM " + keyspace + ".profiles WHERE name = ?");
        this.insert =
                session.prepare("INSERT INTO " + keyspace + ".profiles (name, profile, updated_at) VALUES (?, ?, ?)");
        this.remove = session.prepare("DELETE FROM " + keyspace + ".profiles WHERE name = ?");
    }

    @Override
    public List<LatencyProfile> list() {
        List<LatencyProfile> profiles = new ArrayList<>();
        for (Row row : session.execute("list_profiles", selectAll.bind())) {
            parse(row.getString("name"), row.getString("profile")).ifPresent(profiles::add);
        }
        profiles.sort(Comparator.comparing(LatencyProfile::name));
        return profiles;
    }

    @Override
    public Optional<LatencyProfile> find(String name) {
        Row row = session.execute("read_profile", selectOne.bind(name)).one();
        return row == null ? Optional.empty() : parse(name, row.getString("profile"));
    }

    @Override
    public boolean put(LatencyProfile profile) {
        boolean existed = exists(profile.name());
        session.execute("write_profile", insert.bind(profile.name(), ProfileJson.writeString(profile), Instant.now()));
        return existed;
    }

    @Override
    public boolean delete(String name) {
        if (!exists(name)) {
            return false;
        }
        session.execute("delete_profile", remove.bind(name));
        return true;
    }

    /** Whether a row of that name is stored (its profile is not read). */
    private boolean exists(String name) {
        return session.execute("read_profile", selectName.bind(name)).one() != null;
    }

    @Override
    public List<String> loadProblems() {
        return List.of();
    }

    /** A stored profile, or empty (with a warning) when its row cannot be read as one. */
    private static Optional<LatencyProfile> parse(String name, String json) {
        try {
            LatencyProfile profile = ProfileJson.read(json);
            return Optional.of(
                    profile.name().equals(name)
                            ? profile
                            : profile.toBuilder(name).build());
        } catch (RuntimeException unreadable) {
            LOG.warn("stored profile {} cannot be read: {}; skipped", name, unreadable.getMessage());
            return Optional.empty();
        }
    }
}
