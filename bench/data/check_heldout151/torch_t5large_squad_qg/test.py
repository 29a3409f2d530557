import torch

def demo(net, tok, dev):
    net.to(dev)
    net.eval()

    # a fixed passage to question
    passage = "The Rhine is a European river that begins in the Swiss canton of Graubunden in the southeastern Swiss Alps, forms part of the Swiss-Austrian, Swiss-Liechtenstein, Swiss-German and then the Franco-German border, then flows through the German Rhineland and the Netherlands and eventually empties into the North Sea."

    # encode it
    src = f"context: {passage}"
    enc = tok.encode_plus(src, return_tensors="pt", max_length=512, truncation=True)
    ids = enc["input_ids"].to(dev)
    mask = enc["attention_mask"].to(dev)

    # sample a few pairs
    n_pairs = 3
    for _ in range(n_pairs):
        with torch.no_grad():
            gen = net.generate(ids, attention_mask=mask, max_length=64, num_return_sequences=1)

        text = tok.decode(gen[0], skip_special_tokens=True)
        q, a = text.split("<sep>")
        print(f"pair:")
        print(f"Q: {q.strip()}")
        print(f"A: {a.strip()}")
        print()
