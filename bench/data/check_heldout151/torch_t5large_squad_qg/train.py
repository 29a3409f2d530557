import json
import os
import torch
from torch.utils.data import DataLoader
from torch.optim import AdamW
from transformers import get_linear_schedule_with_warmup
from tqdm import tqdm
from validate import dev_loss

def fit(net, tr_set, va_set, tok, dev, num_epochs=10, batch_size=1, lr=5e-5, valid_step=5000):
    """
    Fine-tune on the train split, checking the dev loss now and then.
    
    Args:
        net: the model
        tr_set: train split
        va_set: dev split
        tok: tokenizer, saved at the end
        device: cpu or cuda
        num_epochs: epochs
        batch_size: batch size
        lr: learning rate
        valid_step: steps between dev checks
    
    Returns:
        None
    """
    # loaders for both splits
    tr_loader = DataLoader(tr_set, batch_size=batch_size, shuffle=True, num_workers=0)
    va_loader = DataLoader(va_set, batch_size=batch_size, shuffle=False, num_workers=0)

    opt = AdamW(net.parameters(), lr=lr)
    n_steps = len(tr_loader) * num_epochs
    sched = get_linear_schedule_with_warmup(opt, num_warmup_steps=0, num_training_steps=n_steps)

    # weights to the device, training mode
    net.to(dev)
    net.train()

    step = 0
    best = float('inf')

    # epochs
    for ep in range(num_epochs):
        print(f"epoch {ep + 1}/{num_epochs}")
        for mb in tqdm(tr_loader):
            # batch tensors
            ids = mb['input_ids'].to(dev)
            mask = mb['attention_mask'].to(dev)
            tgt = mb['labels'].to(dev)

            res = net(ids, mask, labels=tgt)
            loss = res.loss

            # update
            loss.backward()
            opt.step()
            sched.step()
            opt.zero_grad()

            step += 1

            # periodic dev check
            if step % valid_step == 0:
                d_loss = dev_loss(net, va_loader, dev)
                print(f"step {step}: dev loss {d_loss:.4f}")

                # keep the best weights
                if d_loss < best:
                    best = d_loss
                    torch.save(net.state_dict(), 'best_model.pth')
                    print(f"best so far: {best:.4f}")

                net.train()

    # final weights and tokenizer
    print("writing final model and tokenizer...")
    write_model(net, tok, 'trained_t5_qa')
    print("written to 'trained_t5_qa'")

    print("done")

def write_model(net, tok, out_dir):
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    torch.save(net.state_dict(), os.path.join(out_dir, 'pytorch_model.bin'))
    
    # backbone config
    net.t5_model.config.save_pretrained(out_dir)
    
    # tokenizer
    tok.save_pretrained(out_dir)

    # marker file for the loader
    with open(os.path.join(out_dir, 'qa_model_config.json'), 'w') as fh:
        json.dump({"model_type": "QAModel"}, fh)
