package dev.pbs.service.openapi;

import io.swagger.v3.core.filter.AbstractSpecFilter;

/**
 * Drops schemas nothing refers to, such as one the scanner adds for a resource method's Java
 * return type when the answer is documented by another schema.
 */
public final class UnreferencedSchemaFilter extends AbstractSpecFilter {

    @Override
    public boolean isRemovingUnreferencedDefinitions() {
        return true;
    }
}
