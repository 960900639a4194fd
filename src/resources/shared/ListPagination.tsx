import { Pagination } from 'react-admin';
import { PAGE_SIZES } from '../../domain/constants';

/** The specification's page-size choices, 2 to 100. */
export const ListPagination = () => <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />;
