import scanpy as sc


class Preprocessor:
    def __init__(
        self,
        raw_dir: str,
        out_path: str,
        min_genes: int,
        min_cells: int,
        n_jobs: int = 2,
    ) -> None:
        self.raw_dir = raw_dir
        self.min_genes = min_genes
        self.min_cells = min_cells
        self.out_path = out_path
        self.n_jobs = n_jobs

    def process(self):
        sc.settings.n_jobs = self.n_jobs

        self._load_mtx()
        self._filter()
        self._normalize()

        self.adata.write(self.out_path)

        return self.adata

    def _load_mtx(self):
        self.adata = sc.read_10x_mtx(
            path=self.raw_dir, var_names="gene_symbols", cache=True
        )
        self.adata.var_names_make_unique()

    def _filter(self):
        sc.pp.filter_cells(self.adata, min_genes=self.min_genes)
        sc.pp.filter_genes(self.adata, min_cells=self.min_cells)

    def _normalize(self):
        sc.pp.normalize_total(self.adata, target_sum=2e4)
