from core.loaders import final_val_loader, hasoc_val_loader, civil_val_loader, hostile_val_loader, xlmr_val_loader
from evaluation.val_report import report_val
import torch
import evaluation.hasoc_report as hasoc_report

# MuRIL on the combined split

m_muril=torch.load('./Models/Murilonfinal.model')
out_muril='./Predictions/Valpreds/Muril_val_preds.csv'
report_val(m_muril,out_muril,final_val_loader)


# IndicBERT on the hostile split

m_indic=torch.load('./Models/Indicbertonhindi.model')
out_indic='./Predictions/Valpreds/Indicbert_val_preds.csv'
report_val(m_indic,out_indic,hostile_val_loader)


# XLM-R on civil comments

m_xlmr_civil=torch.load('./Models/Robertaoncivil.model')
out_xlmr_civil='./Predictions/Valpreds/RoBerta_val_preds.csv'
report_val(m_xlmr_civil,out_xlmr_civil,civil_val_loader)


# # DistilBERT on HASOC

m_distil=torch.load('./Models/Distilbertonhasoc.model')
out_distil='./Predictions/Valpreds/Distilbert_val_preds.csv'
hasoc_report.report_val(m_distil,out_distil,hasoc_val_loader)


# XLM-R on the combined split

m_xlmr_final=torch.load('./Models/Robertaonfinal.model')
out_xlmr_final='./Predictions/Valpreds/RoBerta_onfinal_val_preds.csv'
report_val(m_xlmr_final,out_xlmr_final,xlmr_val_loader)
