"""Which models people use the plain-PyTorch estimate handles (prints one line per model; not a unit test).

torchvision classifiers and detection, and Hugging Face models built from small configs
(no download), each estimated at batch 4: OK with the peak and the time, SAID when the
estimator refuses in one line (a data-dependent step), FAIL with the exception otherwise.

    python bench/pytorch_coverage.py [NAME ...]

torchvision needs torch 2.14.1 beside it (pip install torch==2.14.1 torchvision==0.29.1).
"""

from __future__ import annotations

import sys
import time
import warnings


def cases() -> dict:
    import torch

    def classify(m, b):
        return torch.nn.functional.cross_entropy(m(b[0]), b[1])

    def image(side=224):
        return torch.zeros(1, 3, side, side), torch.zeros(1, dtype=torch.long)

    def ids(length):
        return torch.zeros(1, length, dtype=torch.long)

    found = {}
    try:
        import torchvision
    except ImportError:
        print("skipped: torchvision models (torchvision not installed)")
    else:
        for name in ("resnet18", "mobilenet_v3_small", "efficientnet_b0", "densenet121", "vgg11", "convnext_tiny",
                     "swin_t", "vit_b_16", "regnet_y_400mf", "shufflenet_v2_x1_0", "squeezenet1_0", "inception_v3",
                     "googlenet"):
            extra = {"aux_logits": False, "init_weights": False} if name in ("inception_v3", "googlenet") else {}
            side = 299 if name == "inception_v3" else 224
            found[f"tv_{name}"] = (lambda n=name, e=extra: getattr(torchvision.models, n)(weights=None, **e),
                                   lambda s=side: image(s), classify)

        def detection_loss(m, b):
            target = {"boxes": torch.tensor([[0.0, 0.0, 10.0, 10.0]]), "labels": torch.tensor([1]),
                      "masks": torch.zeros(1, 256, 256, dtype=torch.uint8)}
            return sum(m(list(b[0]), [target]).values())

        found["tv_maskrcnn"] = (
            lambda: torchvision.models.detection.maskrcnn_resnet50_fpn(weights=None, weights_backbone=None),
            lambda: [torch.zeros(1, 3, 256, 256)], detection_loss)
    import transformers as hf

    found.update({
        "hf_bert": (lambda: hf.BertForSequenceClassification(hf.BertConfig(num_hidden_layers=2)),
                    lambda: {"input_ids": ids(128), "labels": torch.zeros(1, dtype=torch.long)}, None),
        "hf_llama": (lambda: hf.LlamaForCausalLM(hf.LlamaConfig(
            hidden_size=256, intermediate_size=512, num_hidden_layers=2, num_attention_heads=4,
            num_key_value_heads=2, vocab_size=1000)), lambda: {"input_ids": ids(128), "labels": ids(128)}, None),
        "hf_t5": (lambda: hf.T5ForConditionalGeneration(hf.T5Config(
            d_model=128, d_ff=256, num_layers=2, num_heads=4, vocab_size=1000, decoder_start_token_id=0,
            pad_token_id=0)), lambda: {"input_ids": ids(64), "labels": ids(32)}, None),
        "hf_distilbert": (lambda: hf.DistilBertForMaskedLM(hf.DistilBertConfig(n_layers=2)),
                          lambda: {"input_ids": ids(128), "labels": ids(128)}, None),
        "hf_vit": (lambda: hf.ViTForImageClassification(hf.ViTConfig(num_hidden_layers=2)),
                   lambda: {"pixel_values": torch.zeros(1, 3, 224, 224), "labels": torch.zeros(1, dtype=torch.long)},
                   None),
        "hf_whisper": (lambda: hf.WhisperForConditionalGeneration(hf.WhisperConfig(
            d_model=128, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4, decoder_attention_heads=4,
            vocab_size=1000, max_source_positions=1500, pad_token_id=0, bos_token_id=1, eos_token_id=2,
            decoder_start_token_id=1)), lambda: {"input_features": torch.zeros(1, 80, 3000), "labels": ids(32)}, None),
    })
    return found


def main() -> int:
    from torch._subclasses.fake_tensor import DataDependentOutputException, FakeTensorMode

    from oomdoctor import OomdoctorError
    from oomdoctor.pytorch.job import build_estimate, make_job
    from oomdoctor.pytorch.loading import initializers_skipped

    warnings.filterwarnings("ignore")
    chosen = set(sys.argv[1:])
    for name, (build, example, loss) in cases().items():
        if chosen and name not in chosen:
            continue
        fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
        started = time.perf_counter()
        try:
            try:
                with fake_mode, initializers_skipped():
                    model, batch = build(), example()
            except DataDependentOutputException:  # as the CLI's loader does
                with initializers_skipped():
                    model, batch = build(), example()
            estimate = build_estimate(make_job(model, 4, example_inputs=batch, loss=loss, fake_mode=fake_mode))
            print(f"OK   {name:22} {estimate.peak_bytes / 2**30:7.2f} GiB  {time.perf_counter() - started:5.1f} s"
                  f"{'  approximated: ' + ', '.join(estimate.approximated) if estimate.approximated else ''}",
                  flush=True)
        except OomdoctorError as exc:
            print(f"SAID {name:22} {str(exc)[:140]}", flush=True)
        except Exception as exc:  # noqa: BLE001 - the point is to list what breaks
            print(f"FAIL {name:22} {type(exc).__name__}: {(str(exc).splitlines() or [''])[0][:160]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
