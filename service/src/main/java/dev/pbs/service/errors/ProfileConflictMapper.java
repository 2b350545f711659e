package dev.pbs.service.errors;

import dev.pbs.service.core.ProfileConflictException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** Built-in profiles cannot be replaced or deleted: 409. */
public final class ProfileConflictMapper implements ExceptionMapper<ProfileConflictException> {

    @Override
    public Response toResponse(ProfileConflictException conflict) {
        return ApiProblem.response(409, conflict.getMessage()).build();
    }
}
