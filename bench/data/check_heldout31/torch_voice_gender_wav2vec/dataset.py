import torch
from torch.utils.data import Dataset, DataLoader
from datasets import load_dataset, DatasetDict
from transformers import Wav2Vec2Processor, Wav2Vec2Model
import numpy as np

run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def load_voice_dataset():
    voice_ds = load_dataset("7wolf/gender-balanced-10k-voice-samples")
    return voice_ds

def embed_with_wav2vec(rows):
    w2v_processor = Wav2Vec2Processor.from_pretrained("facebook/wav2vec2-base")
    w2v_model = Wav2Vec2Model.from_pretrained("facebook/wav2vec2-base").to(run_device)

    feature_rows = []
    for audio_item in rows['audio']:
        wave = audio_item['array']
        sr = audio_item['sampling_rate']
        
        proc_inputs = w2v_processor(wave, sampling_rate=sr, return_tensors="pt", padding=True, truncation=True, max_length=160000)
        proc_inputs = {k: v.to(run_device) for k, v in proc_inputs.items()}
        
        with torch.no_grad():
            w2v_out = w2v_model(**proc_inputs)
        
        pooled = w2v_out.last_hidden_state.mean(dim=1).cpu().numpy()
        feature_rows.append(pooled)
    
    pooled_array = np.vstack(feature_rows)
    return {'features': pooled_array}

def add_feature_column():
    voice_ds = load_voice_dataset()
    voice_ds = voice_ds.map(embed_with_wav2vec, batched=True, batch_size=8)
    label_values = sorted(set(voice_ds['train']['label']))
    label_index = {lab_value: pos for pos, lab_value in enumerate(label_values)}
    
    return label_index, voice_ds

def map_labels_binary(rows, label_index):
    rows['label'] = [label_index.get(lab_value, -1) for lab_value in rows['label']]
    rows['label'] = [1 if lab == 1 else 0 for lab in rows['label']]
    return rows

def build_final_dataset():
    label_index, voice_ds = add_feature_column()
    voice_ds = voice_ds.map(lambda rows: map_labels_binary(rows, label_index), batched=True)
    return voice_ds

class VoiceFeatureDataset(Dataset):
    def __init__(self, split_data):
        if 'features' in split_data.column_names:
            self.feature_mat = torch.tensor(np.vstack(split_data['features']), dtype=torch.float32)
        else:
            raise KeyError("this split has no 'features' column.")
        
        if 'label' in split_data.column_names:
            self.label_vec = torch.tensor(split_data['label'], dtype=torch.long)
        else:
            raise KeyError("this split has no 'label' column.")
        
    def __len__(self):
        return len(self.feature_mat)
    
    def __getitem__(self, pos):
        return {'features': self.feature_mat[pos].to(run_device),
                'label': self.label_vec[pos].to(run_device)}

def build_loaders():
    voice_ds = build_final_dataset()
    train_split_ds = VoiceFeatureDataset(voice_ds['train'])
    test_split_ds = VoiceFeatureDataset(voice_ds['test'])
    train_dl = DataLoader(train_split_ds, batch_size=32, shuffle=True)
    test_dl = DataLoader(test_split_ds, batch_size=32)
    in_features = train_split_ds.feature_mat.shape[1] 
    return in_features, train_dl, test_dl
