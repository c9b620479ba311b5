import { configure } from '@testing-library/dom';

// findBy… and waitFor give up after 1 s by default. A screen rendered while the 2-core machine
// also runs other work (a build, the other worker) has been seen to need longer, and failed for
// load alone (SideDrawer, EntityListPage, ManageEntityTypesPage on 2026-12-02); 5 s still fails
// fast on a real miss.
configure({ asyncUtilTimeout: 5_000 });
