/** The script elements that configure the kit by tags alone. */
export const PAGE_CONFIG_SELECTOR = 'script[type="application/json"][data-dddk-config]';
