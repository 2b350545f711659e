/** Files replaced atomically: a crash leaves the old file or the new one, never half of one. */
package dev.pbs.files;
