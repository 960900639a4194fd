import { Pagination } from 'react-admin';
import { PAGE_SIZES } from '../../domain/constants';

/** The specification's page-size choices, 2 to 100; every list pages by one of them (ResponsiveList's `perPage`). */
export const ListPagination = () => <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />;
