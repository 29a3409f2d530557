import torch
import numpy as np

def text_collate(items):
    pics = list()
    ids = list()
    id_lens = list()
    for item in items:
        pics.append(torch.from_numpy(item["img"].transpose((2, 0, 1))).float())
        ids.extend(item["seq"])
        id_lens.append(item["seq_len"])
    pics = torch.stack(pics)
    ids = torch.Tensor(ids).int()
    id_lens = torch.Tensor(id_lens).int()
    out = {"img": pics, "seq": ids, "seq_len": id_lens}
    return out
