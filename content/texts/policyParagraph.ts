import type { PageId } from '../pages';
import type { ByMailProtection, LinkedText } from './common';

/** A paragraph with a link: to a page of the site (and the id of a place on it), or to another website. */
type PolicyLink = LinkedText & ({ to: PageId; anchor?: string } | { url: `https://${string}` });

/**
 * A paragraph of the policy: the same whatever the server is configured to do, one for each way
 * it protects contact messages (the page shows the one that is true), or one with a link.
 * Placeholders: '{minutes}' and '{max}', the contact form's limit (from the server's
 * configuration, as the server enforces it); '{<id>Section}', the number of a section
 * ('{contactSection}'), as the page numbers them.
 */
export type PolicyParagraph = string | ByMailProtection | PolicyLink;
