from torch.utils.data import DataLoader
from core.textset import TextSet 
import torch
from loguru import logger
import data.final_split as final_split
import data.civil_split as civil_split
import data.hasoc_split as hasoc_split
import data.hostile_split as hostile_split



import core.muril_model as muril_model
import core.indic_model as indic_model
import core.distil_model as distil_model
import core.xlmr_model as xlmr_model


BS = 32

# combined split, MuRIL tokenizer
final_train_set = TextSet(final_split.train_df, muril_model.tokenizer)
final_train_loader = DataLoader(final_train_set,
                             batch_size=BS,
                             shuffle=True)

final_val_set = TextSet(final_split.val_df, muril_model.tokenizer)
final_val_loader = DataLoader(final_val_set,
                             batch_size=BS,
                             shuffle=True)



# combined split, XLM-R tokenizer
xlmr_train_set = TextSet(final_split.train_df, xlmr_model.tokenizer)
xlmr_train_loader = DataLoader(xlmr_train_set,
                             batch_size=BS,
                             shuffle=True)

xlmr_val_set = TextSet(final_split.val_df, xlmr_model.tokenizer)
xlmr_val_loader = DataLoader(xlmr_val_set,
                             batch_size=BS,
                             shuffle=True)




# civil comments split
civil_train_set = TextSet(civil_split.train_df, xlmr_model.tokenizer)
civil_train_loader = DataLoader(civil_train_set,
                             batch_size=BS,
                             shuffle=True)

civil_val_set = TextSet(civil_split.val_df, xlmr_model.tokenizer)
civil_val_loader = DataLoader(civil_val_set,
                             batch_size=BS,
                             shuffle=True)



# HASOC split
hasoc_train_set = TextSet(hasoc_split.train_df, distil_model.tokenizer)
hasoc_train_loader = DataLoader(hasoc_train_set,
                             batch_size=BS,
                             shuffle=True)

hasoc_val_set = TextSet(hasoc_split.val_df, distil_model.tokenizer)
hasoc_val_loader = DataLoader(hasoc_val_set,
                             batch_size=BS,
                             shuffle=True)



# hostile hindi split
hostile_train_set = TextSet(hostile_split.train_df, indic_model.tokenizer)
hostile_train_loader = DataLoader(hostile_train_set,
                             batch_size=BS,
                             shuffle=True)

hostile_val_set = TextSet(hostile_split.val_df, indic_model.tokenizer)
hostile_val_loader = DataLoader(hostile_val_set,
                             batch_size=BS,
                             shuffle=True)




# loss and optimizer

LR=2e-5

criterion = torch.nn.BCEWithLogitsLoss()
optimizer = torch.optim.AdamW(muril_model.model.parameters(), lr=LR, eps=2e-8)
logger.info(optimizer)
