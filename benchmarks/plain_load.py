"""The plain script `hwdoctor load DIR --device cpu` is measured against.

The same work in one process, as a user would write it: from_pretrained with a device_map,
one forward pass and an 8-token greedy generation.
"""

import sys
import time
import warnings

warnings.simplefilter("ignore")

import torch  # noqa: E402
from transformers import AutoModelForCausalLM  # noqa: E402

started = time.monotonic()
model = AutoModelForCausalLM.from_pretrained(sys.argv[1], device_map="cpu").eval()
ids = torch.tensor([[(i * 7 + 3) % model.config.vocab_size for i in range(8)]])
with torch.no_grad():
    model(input_ids=ids)
    out = model.generate(ids, max_new_tokens=8, min_new_tokens=8, do_sample=False, pad_token_id=0)
print(out.shape, time.monotonic() - started)
