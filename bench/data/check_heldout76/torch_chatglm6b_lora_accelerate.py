
### base model from the hub

import os
import tqdm
import joblib
import numpy as np
import pandas as pd

import torch
from transformers import AutoTokenizer, AutoModel
import wandb
import peft
import loralib as lora
from peft import LoraConfig

import json
from torch.utils.data import DataLoader
from torch.utils.data import Dataset

from accelerate import Accelerator, DeepSpeedPlugin
from transformers import get_linear_schedule_with_warmup


"""
needs in addition:
    pip install icetk
"""
base_dir = "/model/chatglm-6b"
json_path='datasets/merge.json'
save_dir= 'outs/chatglm-6b'
log_to_wandb=True

precision = 'bf16'
accum_steps = 8
print_every = 100
BATCH_PER_GPU = 2
LEN_LIMIT = 256 # strongly drives GPU memory use
lora_cfg = LoraConfig(
    peft_type="LORA", 
    r=32,
    lora_alpha=32,
    target_modules=["q", "k", "v"],
    lora_dropout=0.1, 
)
STEP_SIZE = 2e-5
EPOCHS = 3
warmup_frac = 0.1
placement = "auto"
n_procs = int(os.environ.get("WORLD_SIZE", 1))
distributed = n_procs != 1
if distributed:
    placement = {"": int(os.environ.get("LOCAL_RANK") or 0)}
if log_to_wandb:
    wandb.init(
        project="LoRA",
        name=f"{base_dir}-{json_path}",
        config=None,
    )
else:
    wandb.init(mode='disabled')

os.makedirs(save_dir, exist_ok=True)

tok = AutoTokenizer.from_pretrained(
    base_dir, 
    trust_remote_code=True,
    device_map=placement,
)
# known issue: the '[MASK]' special token has to go
# del tok.vocab['MASK'] 


### data
END_ID = 150005
TEMPLATES = {
    "with_input": (
        "Here is a task to carry out, together with some input for context. "
        "Reply with a fitting answer.\n\n"
        "### Task:\n{instruction}\n\n### Context:\n{input}\n\n### Answer:"
    ),
    "no_input": (
        "Here is a task to carry out. "
        "Reply with a fitting answer.\n\n"
        "### Task:\n{instruction}\n\n### Answer:"
    ),
}

with open(json_path, 'r') as fh:
    records = json.load(fh)
examples = []
for rec in records:
    if rec['input'] == '':
        query = TEMPLATES['no_input'].format_map(rec)
    else:
        query = TEMPLATES['with_input'].format_map(rec)
    answer = rec['output']+'</s>'
    if len(query) + len(answer) < LEN_LIMIT:
        examples.append({'prompt':query, 'completion':answer})

class InstructionSet(Dataset):
    def __init__(self, examples, tokenizer) -> None:
        super().__init__()
        self.examples = examples
        self.tokenizer = tokenizer
 
    def __getitem__(self, idx):
        if self.examples[idx]['completion'][-4:] == '</s>':
            q_ids = self.tokenizer.encode(self.examples[idx]['prompt'])
            a_ids = self.tokenizer.encode(self.examples[idx]['completion'][:-4], add_special_tokens=False)
            a_ids += [END_ID]
        else:
            q_ids = self.tokenizer.encode(self.examples[idx]['prompt'])
            a_ids = self.tokenizer.encode(self.examples[idx]['completion'], add_special_tokens=False)
        if 150001 not in q_ids:
            q_ids = self.examples[idx]['prompt'].replace('[MASK]', '//MASK//').replace('[gMASK]', '//gMASK//')
            a_ids = self.examples[idx]['completion'].replace('[MASK]', '//MASK//').replace('[gMASK]', '//gMASK//')
            q_ids = self.tokenizer.encode(q_ids)
            a_ids = self.tokenizer.encode(a_ids, add_special_tokens=False)
            if 150001 not in q_ids:
                import pdb; pdb.set_trace()
        return {'prompt':q_ids, 'completion':a_ids}

    def __len__(self):
        return len(self.examples)

def make_batch(items):
    id_rows = []
    target_rows = []
    pos_rows = []
    dev='cuda:0'
    longest = max([len(it['prompt'])+len(it['completion']) for it in items])
    mask = torch.ones((len(items), longest, longest), device=dev)
    mask.tril_()

    for k, it in enumerate(items):
        ctx_len = it['prompt'].index(150004)
        mask[k, :, :ctx_len] = 1

        pad_n = longest - len(it['prompt']) - len(it['completion'])

        id_rows.append(it['prompt'] + it['completion'] + [tok.pad_token_id] * pad_n)

        pos_rows.append(torch.stack(
            [torch.arange(0, longest, device=dev), 
            torch.concat([torch.zeros(ctx_len - 1, device=dev), 
            torch.arange(0, longest - ctx_len + 1, device=dev)])]).long()
        )
        target_rows.append(torch.tensor([-100] * len(it['prompt']) + it['completion'] + [-100] * pad_n, device=dev).long())
    mask.unsqueeze_(1)
    mask = (mask < 0.5).bool()
    return {'input_ids': torch.tensor(id_rows).long(), 
            'attention_mask': mask, 
            'labels': torch.stack(target_rows),
            'position_ids':torch.stack(pos_rows)}

train_set = InstructionSet(examples,tokenizer=tok,)
train_loader = DataLoader(dataset=train_set, collate_fn = make_batch, shuffle=True, batch_size=BATCH_PER_GPU)

# dry run over the loader
for step, batch in enumerate(bar:=tqdm.tqdm(train_loader)):
    pass

net = AutoModel.from_pretrained(
    base_dir, 
    trust_remote_code=True,
)
ds_plugin = DeepSpeedPlugin(zero_stage=2, gradient_accumulation_steps=accum_steps)
accel = Accelerator(mixed_precision=precision, gradient_accumulation_steps=accum_steps, deepspeed_plugin=ds_plugin)
device = accel.device


### put LoRA into the attention blocks
class SplitQKV(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super(SplitQKV, self).__init__()
        self.linear_q = torch.nn.Linear(in_features, out_features//3)
        self.linear_k = torch.nn.Linear(in_features, out_features//3)
        self.linear_v = torch.nn.Linear(in_features, out_features//3)

    def update(self, fused):
        self.linear_q.weight.data = fused.weight[:fused.out_features//3, :].data
        self.linear_q.bias.data = fused.bias[:fused.out_features//3].data

        self.linear_k.weight.data = fused.weight[fused.out_features//3:fused.out_features//3*2, :].data
        self.linear_k.bias.data = fused.bias[fused.out_features//3:fused.out_features//3*2].data

        self.linear_v.weight.data = fused.weight[fused.out_features//3*2:, :].data
        self.linear_v.bias.data = fused.bias[fused.out_features//3*2:].data
    
    def forward(self, x):
        q = self.linear_q(x)
        k = self.linear_k(x)
        v = self.linear_v(x)
        return torch.concat([q,k,v], dim = -1)

for name, mod in net.named_modules():
    if name.endswith('attention'):
        if isinstance(mod.query_key_value, peft.tuners.lora.LoraModel):
            mod.query_key_value = peft.tuners.lora.LoraModel(lora_cfg, mod.query_key_value.model)
        else:
            # split the fused projection in three so LoRA can target q, k and v separately
            split = SplitQKV(mod.query_key_value.in_features, mod.query_key_value.out_features) 
            split.update(mod.query_key_value)
            mod.query_key_value = split
            mod.query_key_value = peft.tuners.lora.LoraModel(lora_cfg, mod.query_key_value)

lora.mark_only_lora_as_trainable(net)

trainable_iter = filter(lambda p: p.requires_grad, net.parameters())
n_trainable = sum([np.prod(p.size()) for p in trainable_iter])
n_frozen = sum([np.prod(p.size()) for p in trainable_iter])
print('trainable:{} ({:.2f}%), frozen:{}'.format(
    n_trainable, n_trainable/n_frozen*100,n_frozen
))

### training loop

optim = torch.optim.AdamW(net.parameters(), lr=STEP_SIZE)
sched = get_linear_schedule_with_warmup(
    optimizer=optim,
    num_warmup_steps=int(len(train_loader) / accum_steps * warmup_frac),
    num_training_steps=(int(len(train_loader) / accum_steps) * EPOCHS),
)
net, optim, train_loader = accel.prepare(net, optim, train_loader)
net.to(device).train()

for epoch in range(EPOCHS):
    epoch_loss = 0
    for step, batch in enumerate(bar:=tqdm.tqdm(train_loader)):
        with accel.accumulate(net):
            out = net(**batch)
            loss_val = out.loss.detach().cpu().float()
            # bar.set_description(f"loss: {loss_val}")
            bar.set_postfix(loss=loss_val.item())
            epoch_loss += loss_val
            loss = out.loss

            if accel.is_main_process:
                if step % print_every == 0:
                    wandb.log({
                        'train/loss': loss_val.item(),
                    })

            accel.backward(loss)
            optim.step()
            sched.step()
            optim.zero_grad()

    accel.wait_for_everyone()
    if accel.is_main_process:
        ckpt_name = f"finetune_{epoch}"
        accel.save(lora.lora_state_dict(accel.unwrap_model(net)), f'{save_dir}/{ckpt_name}.pt')
