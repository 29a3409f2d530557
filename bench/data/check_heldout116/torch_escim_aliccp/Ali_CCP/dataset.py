from torch.utils.data import Dataset, DataLoader

class CcpRows(Dataset):
  '''
  Ali-CCP rows (tianchi dataset 408) from a csv whose
  first row holds the field names
  '''
  
  def __init__(self, src_path):
    super().__init__()
    self.cols = []
    self.src_path = src_path
    self.rows = []
    self._read_rows()

  def _read_rows(self):
    print("reading rows of {}".format(self.src_path))
    n_read = 0
    with open(self.src_path) as fh:
      self.cols = fh.readline().strip().split(',')[2:]
      for rec in fh:
        n_read += 1
        rec = rec.strip().split(',')
        rec = [int(tok) for tok in rec]
        self.rows.append(rec)
    print("rows of {} in memory".format(self.src_path))

  def __len__(self, ):
    return len(self.rows)

  def __getitem__(self, k):
    rec = self.rows[k]
    clk = rec[0]
    conv = rec[1]
    feats = dict(zip(self.cols, rec[2:]))
    return clk, conv, feats
                        

def make_loader(csv_path, bs, is_train):
    rows_ds = CcpRows(csv_path)
    ld = DataLoader(rows_ds, batch_size=bs, shuffle=is_train, drop_last=is_train)
  
    return ld