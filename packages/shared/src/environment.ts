/** The environments of spec 01 §1 and §2.2: the top bar and tab bar colours differ by them. */
export const ENVIRONMENTS = ['production', 'staging', 'development'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const ENVIRONMENT_SHORT: Record<Environment, string> = {
  production: 'prod',
  staging: 'stage',
  development: 'dev',
};

/** Top bar colours: production is the brand red, development a calm blue, anything else amber. */
export const ENVIRONMENT_BAR_COLOR: Record<Environment, string> = {
  production: '#9a0223',
  development: '#1c4e80',
  staging: '#b35c00',
};

export function environmentFrom(value: string | null | undefined): Environment {
  switch (value) {
    case 'production':
    case 'prod':
      return 'production';
    case 'staging':
    case 'stage':
      return 'staging';
    default:
      return 'development';
  }
}

export const FOOTER_TEXT = 'Powered by Turnout Management Solutions';
export const PRODUCT_NAME = 'Turnout';
