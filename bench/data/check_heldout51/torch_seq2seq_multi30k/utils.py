import re
import torch

# lower case, strip, keep letters and end marks
def clean_sentence(s):
    s = s.lower().strip()
    s = re.sub(r"([.!?])", r" \1", s)
    s = re.sub(r"[^a-zA-Z!?]+", r" ", s)
    return s.strip()

def pad_to(ids, length, pad_value):
    """
    ids: token ids of one sentence
    length: wanted length
    pad_value: id used for padding
    returns the ids padded or cut to length
    """
    if len(ids) < length:
            missing = length - len(ids)
            padded = ids + [pad_value]*missing
            return padded
    else:
        return ids[:length]
    
def batch_to_tensors(items):
    en_batch = [it["en_ids"] for it in items]
    de_batch = [it["de_ids"] for it in items]

    return {
         "en_ids": torch.tensor(en_batch, dtype= torch.long),
         "de_ids": torch.tensor(de_batch, dtype= torch.long)
    }
