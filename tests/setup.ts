// Shared Vitest set-up: UI tests wait up to 5 s for lazy screens, since the suite shares 2 cores.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
